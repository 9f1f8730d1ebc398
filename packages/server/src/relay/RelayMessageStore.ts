import { createHash } from 'node:crypto'
import type { Queryable } from '../db/Store.js'

/** A message as the relay stores and delivers it. */
export interface RelayMessage {
  /** Row id: increases with publication order. */
  id: number
  topic: string
  /** The client's encrypted envelope, passed through untouched. */
  message: string
  tag: number
  /** Milliseconds since the epoch. */
  publishedAt: number
}

/** A message to store: see {@link RelayMessageStore.save}. */
export interface NewRelayMessage {
  topic: string
  message: string
  tag: number
  /** Seconds to keep it. */
  ttl: number
  /** Client id of the sender. */
  publisher: string
  /** Milliseconds since the epoch. */
  publishedAt: number
}

/**
 * The relay's mailbox in the database (`relay_messages`): published messages kept until their
 * TTL, so a client that subscribes later (or after a server restart) still receives them.
 */
export class RelayMessageStore {
  /**
   * @param db - The server's store.
   * @param maxPerTopic - Messages kept per topic; older ones are dropped first.
   */
  constructor(
    private readonly db: Queryable,
    private readonly maxPerTopic: number
  ) {}

  /**
   * Stores a message, dropping the topic's oldest ones beyond the limit, in one statement.
   *
   * @returns The stored message, or undefined when the same message was already stored on the
   *   topic (a publish the client retried): it must not be delivered twice.
   */
  async save(input: NewRelayMessage): Promise<RelayMessage | undefined> {
    const hash = createHash('sha256').update(input.topic).update('\n').update(input.message).digest('hex')
    // The DELETE sees the table as it was before the INSERT (one snapshot per statement), so it
    // keeps maxPerTopic - 1 older rows; it only runs when something was inserted.
    const result = await this.db.query<{ id: number }>(
      `WITH inserted AS (
         INSERT INTO relay_messages (topic, message, tag, publisher, published_at, expires_at, hash)
         VALUES ($1, $2, $3::int, $4, to_timestamp($5::float8 / 1000), to_timestamp($5::float8 / 1000) + make_interval(secs => $6::float8), $7)
         ON CONFLICT (hash) DO NOTHING
         RETURNING id
       ), trimmed AS (
         DELETE FROM relay_messages
         WHERE EXISTS (SELECT 1 FROM inserted)
           AND id IN (SELECT id FROM relay_messages WHERE topic = $1 ORDER BY id DESC OFFSET $8::int)
       )
       SELECT id::float8 AS id FROM inserted`,
      [input.topic, input.message, input.tag, input.publisher, input.publishedAt, input.ttl, hash, this.maxPerTopic - 1]
    )
    const row = result.rows[0]
    if (!row) return undefined
    return { id: row.id, topic: input.topic, message: input.message, tag: input.tag, publishedAt: input.publishedAt }
  }

  /**
   * The unexpired messages of some topics that `reader` did not publish, oldest first.
   *
   * @param topics - Topics to read.
   * @param reader - Client id of the reader: its own messages are left out.
   * @param limit - At most this many.
   */
  async unexpired(topics: readonly string[], reader: string, limit: number): Promise<RelayMessage[]> {
    if (topics.length === 0) return []
    const result = await this.db.query<RelayMessage>(
      `SELECT id::float8 AS id, topic, message, tag,
              round(extract(epoch FROM published_at) * 1000)::float8 AS "publishedAt"
       FROM relay_messages
       WHERE topic = ANY($1::text[]) AND expires_at > now() AND publisher <> $2
       ORDER BY id
       LIMIT $3::int`,
      [topics, reader, limit]
    )
    return result.rows
  }

  /** Deletes expired messages; resolves to how many. */
  async deleteExpired(): Promise<number> {
    const result = await this.db.query<{ n: number }>(
      `WITH deleted AS (DELETE FROM relay_messages WHERE expires_at <= now() RETURNING 1)
       SELECT count(*)::int AS n FROM deleted`
    )
    return result.rows[0]?.n ?? 0
  }
}

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
  /** Client id of the sender: the relay never hands a message back to it. */
  publisher: string
}

/** A message to store: see {@link RelayMessageStore.saveAll}. */
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
  /** The project whose socket published it: stored bytes are counted per project. */
  projectId: string
  /** Where that socket connects from (its `clientKey`): stored bytes are counted per client within the project. */
  quotaKey: string
}

/** How much a topic may keep; the oldest messages go first (see {@link RelayMessageStore.trim}). */
export interface TopicBounds {
  /** Messages kept per topic. */
  maxMessages: number
  /** Bytes of message text kept per topic (the newest message is always kept). */
  maxBytes: number
}

/** What a topic holds: messages and bytes of message text (see {@link RelayMessageStore.trim}). */
export interface TopicSize {
  messages: number
  bytes: number
}

/** Stored bytes of relay messages: in all, per project, and per client of a project (see {@link RelayMessageStore.usage}). */
export interface RelayUsage {
  total: number
  byProject: Map<string, number>
  /** By {@link clientUsageKey}. */
  byClient: Map<string, number>
}

/** What {@link RelayMessageStore.evict} deleted and left of one client's messages. */
export interface RelayEviction {
  /** Bytes deleted. */
  freed: number
  /** Bytes the client still has stored. */
  kept: number
}

/**
 * The key of a client of a project in {@link RelayUsage.byClient}.
 *
 * @param projectId - The project.
 * @param quotaKey - The client's address key.
 */
export function clientUsageKey(projectId: string, quotaKey: string): string {
  return `${projectId}\n${quotaKey}`
}

const MESSAGE_COLUMNS = `id::float8 AS id, topic, message, tag, publisher,
  round(extract(epoch FROM published_at) * 1000)::float8 AS "publishedAt"`

/**
 * The relay's mailbox in the database (`relay_messages`): published messages kept until their
 * TTL, so a client that subscribes later (or after a server restart, or on another server
 * process) still receives them.
 */
export class RelayMessageStore {
  /** @param db - The server's store. */
  constructor(private readonly db: Queryable) {}

  /**
   * Stores messages in one statement (the relay writes what arrived while the previous write
   * ran together: one round trip for hundreds of publishes).
   *
   * @returns For each input, in order, the stored message, or undefined when the same message
   *   was already stored on its topic (a publish the client retried, or the same one twice in
   *   the batch): it must not be delivered twice.
   */
  async saveAll(inputs: readonly NewRelayMessage[]): Promise<Array<RelayMessage | undefined>> {
    if (inputs.length === 0) return []
    // One pass into the statement's columns (this runs for every published message).
    const n = inputs.length
    const topics = new Array<string>(n)
    const messages = new Array<string>(n)
    const tags = new Array<number>(n)
    const publishers = new Array<string>(n)
    const publishedAt = new Array<number>(n)
    const ttls = new Array<number>(n)
    const hashes = new Array<string>(n)
    const projects = new Array<string>(n)
    const quotaKeys = new Array<string>(n)
    for (let i = 0; i < n; i++) {
      const input = inputs[i]!
      topics[i] = input.topic
      messages[i] = input.message
      tags[i] = input.tag
      publishers[i] = input.publisher
      publishedAt[i] = input.publishedAt
      ttls[i] = input.ttl
      hashes[i] = createHash('sha256').update(input.topic).update('\n').update(input.message).digest('hex')
      projects[i] = input.projectId
      quotaKeys[i] = input.quotaKey
    }
    // The new rows come back as two arrays (ids, and the input positions they were made from)
    // rather than as rows: one row to read instead of hundreds.
    const result = await this.db.query<{ ids: number[] | null; positions: number[] | null }>(
      `WITH input AS (
         SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::float8[], $6::float8[], $7::text[], $8::text[], $9::text[])
           WITH ORDINALITY AS input(topic, message, tag, publisher, published_ms, ttl, hash, project_id, quota_key, n)
       ), inserted AS (
         INSERT INTO relay_messages (topic, message, tag, publisher, published_at, expires_at, hash, project_id, bytes, quota_key)
         SELECT topic, message, tag, publisher, to_timestamp(published_ms / 1000), to_timestamp(published_ms / 1000) + make_interval(secs => ttl),
                hash, project_id, octet_length(message), quota_key
         FROM input ORDER BY n
         ON CONFLICT (hash) DO NOTHING
         RETURNING id, hash
       )
       SELECT array_agg(inserted.id::float8 ORDER BY input.n) AS ids, array_agg(input.n::int ORDER BY input.n) AS positions
       FROM inserted JOIN input USING (hash)`,
      [topics, messages, tags, publishers, publishedAt, ttls, hashes, projects, quotaKeys]
    )
    const stored = new Array<RelayMessage | undefined>(n).fill(undefined)
    const { ids, positions } = result.rows[0] ?? { ids: null, positions: null }
    if (!ids || !positions) return stored
    // Two copies of one message in the batch both join the one row stored: the first copy is
    // the stored message, the second a duplicate like a retried publish.
    const claimed = new Set<number>()
    for (let k = 0; k < ids.length; k++) {
      const id = ids[k]!
      if (claimed.has(id)) continue
      claimed.add(id)
      const input = inputs[positions[k]! - 1]!
      stored[positions[k]! - 1] = { id, topic: input.topic, message: input.message, tag: input.tag, publishedAt: input.publishedAt, publisher: input.publisher }
    }
    return stored
  }

  /**
   * Drops the oldest messages of `topics` beyond their bounds.
   *
   * @param topics - Topics that just received messages.
   * @param bounds - How much a topic keeps.
   * @returns What each topic holds after the trim (topics holding nothing are absent).
   */
  async trim(topics: readonly string[], bounds: TopicBounds): Promise<Map<string, TopicSize>> {
    if (topics.length === 0) return new Map()
    // A data-modifying CTE runs whether or not it is read; the SELECT reads the same snapshot,
    // so it counts what the DELETE leaves.
    const result = await this.db.query<{ topic: string; messages: number; bytes: number }>(
      `WITH ranked AS (
         SELECT id, topic, bytes, (row_number() OVER newest > $2::int OR (row_number() OVER newest > 1 AND sum(bytes) OVER newest > $3::float8)) AS beyond
         FROM relay_messages WHERE topic = ANY($1::text[])
         WINDOW newest AS (PARTITION BY topic ORDER BY id DESC)
       ), deleted AS (
         DELETE FROM relay_messages WHERE id IN (SELECT id FROM ranked WHERE beyond)
       )
       SELECT topic, count(*)::int AS messages, sum(bytes)::float8 AS bytes FROM ranked WHERE NOT beyond GROUP BY topic`,
      [topics, bounds.maxMessages, bounds.maxBytes]
    )
    return new Map(result.rows.map(row => [row.topic, { messages: row.messages, bytes: row.bytes }]))
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
      `SELECT ${MESSAGE_COLUMNS}
       FROM relay_messages
       WHERE topic = ANY($1::text[]) AND expires_at > now() AND publisher <> $2
       ORDER BY id
       LIMIT $3::int`,
      [topics, reader, limit]
    )
    return result.rows
  }

  /**
   * Messages by id (those still stored), oldest first: what another server process announced.
   *
   * @param ids - Row ids.
   */
  async byIds(ids: readonly number[]): Promise<RelayMessage[]> {
    if (ids.length === 0) return []
    const result = await this.db.query<RelayMessage>(`SELECT ${MESSAGE_COLUMNS} FROM relay_messages WHERE id = ANY($1::bigint[]) ORDER BY id`, [ids])
    return result.rows
  }

  /**
   * Bytes of message text stored, in all, per project and per client of a project (messages
   * stored before projects, or clients, were recorded count in the figures above only).
   */
  async usage(): Promise<RelayUsage> {
    const result = await this.db.query<{ project_id: string | null; quota_key: string | null; bytes: number }>(
      'SELECT project_id, quota_key, sum(bytes)::float8 AS bytes FROM relay_messages GROUP BY project_id, quota_key'
    )
    const byProject = new Map<string, number>()
    const byClient = new Map<string, number>()
    let total = 0
    for (const row of result.rows) {
      total += row.bytes
      if (row.project_id === null) continue
      byProject.set(row.project_id, (byProject.get(row.project_id) ?? 0) + row.bytes)
      if (row.quota_key !== null) byClient.set(clientUsageKey(row.project_id, row.quota_key), row.bytes)
    }
    return { total, byProject, byClient }
  }

  /**
   * Deletes one client's oldest messages in a project until at most `keepBytes` of its messages
   * remain (oldest first, whatever their topic): the client's quota, kept at its own expense.
   * One statement on the `(project_id, quota_key, id)` index.
   *
   * @param projectId - The project.
   * @param quotaKey - The client's address key.
   * @param keepBytes - Most bytes the client keeps.
   */
  async evict(projectId: string, quotaKey: string, keepBytes: number): Promise<RelayEviction> {
    const result = await this.db.query<RelayEviction>(
      `WITH ranked AS (
         SELECT id, bytes, sum(bytes) OVER (ORDER BY id DESC) AS newer
         FROM relay_messages WHERE project_id = $1 AND quota_key = $2
       ), deleted AS (
         DELETE FROM relay_messages WHERE id IN (SELECT id FROM ranked WHERE newer > $3::float8) RETURNING bytes
       )
       SELECT (SELECT coalesce(sum(bytes), 0) FROM deleted)::float8 AS freed,
              (SELECT coalesce(sum(bytes), 0) FROM ranked WHERE newer <= $3::float8)::float8 AS kept`,
      [projectId, quotaKey, keepBytes]
    )
    return result.rows[0] ?? { freed: 0, kept: 0 }
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

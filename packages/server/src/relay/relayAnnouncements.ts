import type { RelayMessage } from './RelayMessageStore.js'

/** The PostgreSQL `NOTIFY` channel on which server processes announce the relay messages they stored. */
export const RELAY_CHANNEL = 'wallet_modal_relay'

/** Payload bytes per notification (PostgreSQL's limit is 8000). */
const MAX_PAYLOAD = 7000

/** What one notification says: which process stored which messages (row id and topic). */
export interface RelayAnnouncement {
  from: string
  messages: Array<[id: number, topic: string]>
}

/**
 * The notifications that announce `messages` to the other server processes: their row ids and
 * topics, not their text (which can be 64 KB; a process that has subscribers on a topic reads
 * the rows), split to fit PostgreSQL's payload limit.
 *
 * @param from - The announcing process's instance id (it ignores its own announcements).
 * @param messages - Newly stored messages.
 */
export function relayAnnouncements(from: string, messages: readonly RelayMessage[]): string[] {
  const payloads: string[] = []
  let chunk: RelayAnnouncement['messages'] = []
  let size = 0
  const flush = () => {
    if (chunk.length > 0) payloads.push(JSON.stringify({ from, messages: chunk } satisfies RelayAnnouncement))
    chunk = []
    size = 0
  }
  for (const message of messages) {
    const entry: [number, string] = [message.id, message.topic]
    const entrySize = JSON.stringify(entry).length + 1
    if (size + entrySize + from.length + 40 > MAX_PAYLOAD) flush()
    chunk.push(entry)
    size += entrySize
  }
  flush()
  return payloads
}

/**
 * Reads a notification of {@link RELAY_CHANNEL}; undefined when it is not one (anyone with
 * access to the database can `NOTIFY`: the payload only ever leads to reading rows by id).
 *
 * @param payload - The notification's payload.
 */
export function readRelayAnnouncement(payload: string): RelayAnnouncement | undefined {
  try {
    const value = JSON.parse(payload) as Partial<RelayAnnouncement>
    if (typeof value?.from !== 'string' || !Array.isArray(value.messages)) return undefined
    const messages = value.messages.filter(
      (entry): entry is [number, string] => Array.isArray(entry) && Number.isSafeInteger(entry[0]) && typeof entry[1] === 'string'
    )
    return { from: value.from, messages }
  } catch {
    return undefined
  }
}

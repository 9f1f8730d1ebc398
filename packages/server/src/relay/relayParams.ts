import { JsonRpcError, RPC_ERROR } from './JsonRpcError.js'

// Readers of the params of the relay methods: each checks type and size and returns a typed
// value, or throws a JsonRpcError (-32602) naming the field, which becomes the answer.

/** Longest topic accepted (the sign-client's are 64 hex digits). */
export const MAX_TOPIC_LENGTH = 256
/** Most topics in one batch request (the sign-client sends at most 500). */
export const MAX_BATCH_TOPICS = 1000
/** Longest a message is kept: 30 days, the longest TTL the sign-client asks for. */
export const MAX_TTL_SECONDS = 30 * 24 * 60 * 60

/** A message to publish, as `irn_publish` carries it. */
export interface PublishParams {
  topic: string
  message: string
  /** Seconds. */
  ttl: number
  tag: number
}

/** The params object of a request, or an error when there is none. */
export function readObject(params: unknown, what = 'params'): Record<string, unknown> {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) throw invalidParams(`${what} must be an object`)
  return params as Record<string, unknown>
}

/** A topic: a non-empty string of at most {@link MAX_TOPIC_LENGTH} characters. */
export function readTopic(value: unknown, field = 'topic'): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_TOPIC_LENGTH) {
    throw invalidParams(`${field} must be a string of 1 to ${MAX_TOPIC_LENGTH} characters`)
  }
  return value
}

/** A non-empty list of topics, at most {@link MAX_BATCH_TOPICS}, without repeats. */
export function readTopics(value: unknown, field = 'topics'): string[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_BATCH_TOPICS) {
    throw invalidParams(`${field} must be an array of 1 to ${MAX_BATCH_TOPICS} topics`)
  }
  return [...new Set(value.map((topic, i) => readTopic(topic, `${field}[${i}]`)))]
}

/** A message envelope: a non-empty string (the frame size bounds its length). */
export function readMessage(value: unknown, field = 'message'): string {
  if (typeof value !== 'string' || value.length === 0) throw invalidParams(`${field} must be a non-empty string`)
  return value
}

/** A TTL in seconds, 1 to {@link MAX_TTL_SECONDS}; `fallback` when absent. */
export function readTtl(value: unknown, fallback?: number): number {
  if (value === undefined && fallback !== undefined) return fallback
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_TTL_SECONDS) {
    throw invalidParams(`ttl must be an integer number of seconds from 1 to ${MAX_TTL_SECONDS}`)
  }
  return value
}

/** A message tag (the sign-client's message type number); `fallback` when absent. */
export function readTag(value: unknown, fallback: number): number {
  if (value === undefined) return fallback
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 2_147_483_647) {
    throw invalidParams('tag must be a non-negative integer')
  }
  return value
}

/** The params of `irn_publish` (`prompt`, `attestation` and correlation fields are ignored). */
export function readPublish(params: unknown, what = 'params'): PublishParams {
  const p = readObject(params, what)
  return { topic: readTopic(p.topic), message: readMessage(p.message), ttl: readTtl(p.ttl), tag: readTag(p.tag, 0) }
}

function invalidParams(message: string): JsonRpcError {
  return new JsonRpcError(RPC_ERROR.invalidParams, `Invalid params: ${message}`)
}

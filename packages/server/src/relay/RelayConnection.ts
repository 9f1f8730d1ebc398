import type { WebSocket } from '@fastify/websocket'
import type { JsonRpcId } from './JsonRpcError.js'
import type { RelayMessage } from './RelayMessageStore.js'
import { subscriptionId } from './subscriptionId.js'

/** Requests one connection may have queued or running; more are refused, not buffered. */
export const MAX_PENDING_REQUESTS = 64

/**
 * Bytes a client may leave unread in its socket's send buffer. A client that stops reading
 * would otherwise make the server hold every message pushed to it; it is dropped instead (it
 * gets the messages again from the database when it reconnects and subscribes).
 */
export const MAX_BUFFERED_BYTES = 4 * 1024 * 1024

/** How many recent deliveries a connection remembers, to never push one message twice. */
const RECENT_DELIVERIES = 512

/**
 * One client's WebSocket to the relay: who it is, which topics it follows, and the order in
 * which its requests run.
 */
export class RelayConnection {
  /**
   * Topics this socket is subscribed to, each with its subscription id (a hash: computed once
   * here, not for every message pushed).
   */
  readonly topics = new Map<string, string>()
  /** Cleared at each heartbeat ping, set again by the pong (or any frame). */
  alive = true
  /** Set once the socket is closing: nothing more is sent or run. */
  closed = false

  /** Publishes this socket may still make now (a token bucket refilled at the hub's rate). */
  publishTokens = 0
  /** When {@link RelayConnection.publishTokens} was last refilled, in ms. */
  publishRefilledAt = 0

  private tail: Promise<void> = Promise.resolve()
  private pending = 0
  // A message published while the socket subscribes can arrive both live and from the database:
  // the ids of recent deliveries make the second one a no-op.
  private readonly delivered = new Set<number>()

  /**
   * @param socket - The WebSocket.
   * @param clientId - The client's id (from its auth JWT, or random).
   * @param clientKey - Where it connects from (an IPv4 address or IPv6 /64), for per-client caps.
   * @param projectId - The project in its connection URL (what it stores is counted to it).
   */
  constructor(
    readonly socket: WebSocket,
    readonly clientId: string,
    readonly clientKey = '',
    readonly projectId = ''
  ) {}

  /** The subscription id of `topic` for this client. */
  subscriptionIdOf(topic: string): string {
    return this.topics.get(topic) ?? subscriptionId(topic, this.clientId)
  }

  /**
   * Runs `task` after the connection's earlier requests: a client's requests take effect in the
   * order it sent them (a subscribe before the publish that follows it).
   *
   * @returns false, without running it, when too many requests are already waiting.
   */
  enqueue(task: () => Promise<void>): boolean {
    if (this.pending >= MAX_PENDING_REQUESTS) return false
    this.pending++
    // Tasks answer their own errors; the catch only keeps one stray rejection from stopping
    // every later request of the connection.
    this.tail = this.tail
      .then(task)
      .catch(() => undefined)
      .finally(() => {
        this.pending--
      })
    return true
  }

  /** Resolves when every request queued so far has run. */
  idle(): Promise<void> {
    return this.tail
  }

  /** Answers a request with a result. */
  result(id: JsonRpcId, result: unknown): void {
    // The common answer (a publish's) without building an object to serialise.
    if (result === true) this.send(`{"id":${JSON.stringify(id)},"jsonrpc":"2.0","result":true}`)
    else this.send(JSON.stringify({ id, jsonrpc: '2.0', result }))
  }

  /** Answers a request with an error. */
  error(id: JsonRpcId, code: number, message: string): void {
    this.send(JSON.stringify({ id, jsonrpc: '2.0', error: { code, message } }))
  }

  /**
   * Pushes a message as an `irn_subscription` request, unless this socket already got it.
   *
   * @param message - The message.
   * @param pushId - The request id (the client acknowledges with it; acks are not tracked).
   * @param data - The push's `data` as JSON ({@link pushData}), when the caller made it once for several sockets.
   */
  deliver(message: RelayMessage, pushId: number, data = pushData(message)): void {
    if (this.delivered.has(message.id)) return
    this.delivered.add(message.id)
    if (this.delivered.size > RECENT_DELIVERIES) {
      // Sets iterate in insertion order: the first one is the oldest.
      const oldest = this.delivered.values().next().value
      if (oldest !== undefined) this.delivered.delete(oldest)
    }
    // The subscription id is hex: no escaping needed.
    this.send(`{"id":${pushId},"jsonrpc":"2.0","method":"irn_subscription","params":{"id":"${this.subscriptionIdOf(message.topic)}","data":${data}}}`)
  }

  private send(frame: string): void {
    if (this.closed || this.socket.readyState !== this.socket.OPEN) return
    if (this.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.closed = true
      this.socket.terminate()
      return
    }
    this.socket.send(frame)
  }
}

/**
 * The `data` of an `irn_subscription` push as JSON: `{ topic, message, publishedAt, tag }`, the
 * same text `JSON.stringify` makes of that object, written directly (it is built for every
 * message the relay pushes).
 *
 * @param message - The message.
 */
export function pushData(message: RelayMessage): string {
  return `{"topic":${JSON.stringify(message.topic)},"message":${JSON.stringify(message.message)},"publishedAt":${message.publishedAt},"tag":${message.tag}}`
}

import type { WebSocket } from '@fastify/websocket'
import type { Queryable } from '../db/Store.js'
import { JsonRpcError, RPC_ERROR } from './JsonRpcError.js'
import { parseRelayFrame } from './parseRelayFrame.js'
import { RelayConnection } from './RelayConnection.js'
import { RelayMessageStore, type RelayMessage } from './RelayMessageStore.js'
import type { PublishParams } from './relayParams.js'
import { RELAY_METHODS } from './relayMethods.js'

/** Tuning of the relay (createServer's `relay` option). */
export interface RelayOptions {
  /**
   * How often each socket is pinged; a socket that has not answered the previous ping is
   * dropped. Default 20 s: the sign-client itself gives up on a relay silent for 35 s.
   */
  heartbeatMs?: number
  /** Messages kept per topic; the oldest go first (default 500). */
  maxMessagesPerTopic?: number
  /** How often expired messages are deleted (default 60 s; also once at start). */
  pruneIntervalMs?: number
  /** Open sockets in all (default 20,000; 10,000 idle ones cost about 40 MB). */
  maxConnections?: number
  /** Open sockets from one client address (IPv4, or IPv6 /64; default 200: an office behind one NAT). */
  maxConnectionsPerClient?: number
  /** Topics one socket may follow at once (default 500; a wallet with many sessions follows tens). */
  maxSubscriptionsPerConnection?: number
  /** Publishes per second one socket may make, with a burst of as many (default 50). */
  publishesPerSecond?: number
  /** The clock of the publish rate (tests pass their own; default `Date.now`). */
  now?: () => number
}

/** The defaults of {@link RelayOptions}. */
export const RELAY_DEFAULTS: Required<RelayOptions> = {
  heartbeatMs: 20_000,
  maxMessagesPerTopic: 500,
  pruneIntervalMs: 60_000,
  maxConnections: 20_000,
  maxConnectionsPerClient: 200,
  maxSubscriptionsPerConnection: 500,
  publishesPerSecond: 50,
  now: Date.now
}

/**
 * WebSocket close code for a socket refused because the relay is full (RFC 6455's "try again
 * later"): the sign-client reconnects after a while, by which time others may have left.
 */
export const CLOSE_TRY_AGAIN_LATER = 1013

/** Default of {@link RelayOptions.maxSubscriptionsPerConnection}. */
export const MAX_SUBSCRIPTIONS_PER_CONNECTION = 500

/** Most stored messages handed over in one subscribe or `irn_batchFetchMessages` answer. */
export const MAX_STORED_DELIVERY = 1000

/** How long {@link RelayHub.close} lets clients answer the close handshake. */
const CLOSE_GRACE_MS = 1000

/**
 * The WalletConnect relay: which socket follows which topic, fan-out of published messages to
 * the other subscribers, the stored backlog for late subscribers, and the heartbeat.
 *
 * Live fan-out happens in this process only; several servers sharing one PostgreSQL database
 * share the stored messages (a client gets them when it subscribes), not each other's sockets.
 */
export class RelayHub {
  private readonly subscribers = new Map<string, Set<RelayConnection>>()
  private readonly connections = new Set<RelayConnection>()
  private readonly perClient = new Map<string, number>()
  private readonly messages: RelayMessageStore
  private readonly options: Required<RelayOptions>
  // Ids of the irn_subscription requests the relay sends; large enough not to collide with a
  // restarted server's recent ones in a client that is still acknowledging.
  private nextPushId = Date.now() * 1000
  private heartbeat: NodeJS.Timeout | undefined
  private pruner: NodeJS.Timeout | undefined
  private pruning: Promise<unknown> = Promise.resolve()
  private closing: Promise<void> | undefined

  /**
   * @param db - Where messages are kept (the server's store).
   * @param options - See {@link RelayOptions}.
   */
  constructor(db: Queryable, options: RelayOptions = {}) {
    this.options = { ...RELAY_DEFAULTS, ...options }
    this.messages = new RelayMessageStore(db, this.options.maxMessagesPerTopic)
  }

  /** Open sockets. */
  get connectionCount(): number {
    return this.connections.size
  }

  /** Topics with at least one subscribed socket. */
  get topicCount(): number {
    return this.subscribers.size
  }

  /** Deletes the messages that expired while the server was down, then starts the timers. */
  async start(): Promise<void> {
    await this.messages.deleteExpired()
    this.heartbeat = setInterval(() => this.beat(), this.options.heartbeatMs)
    this.pruner = setInterval(() => {
      this.pruning = this.messages.deleteExpired().catch(error => {
        if (!this.closing) console.error('wallet-modal-server: relay: deleting expired messages failed:', error)
      })
    }, this.options.pruneIntervalMs)
    // Neither timer may keep a process alive that has nothing else to do.
    this.heartbeat.unref()
    this.pruner.unref()
  }

  /**
   * Takes over an accepted WebSocket: reads its frames, answers them, cleans up when it closes.
   *
   * @param socket - The socket.
   * @param clientId - The client's id (see `verifyRelayAuth`), or a random one.
   * @param clientKey - Where it connects from (`clientKey` of its address), for the per-client cap.
   */
  accept(socket: WebSocket, clientId: string, clientKey = ''): void {
    if (this.closing) {
      socket.close(1001, 'Server shutting down')
      return
    }
    if (this.connections.size >= this.options.maxConnections) {
      socket.close(CLOSE_TRY_AGAIN_LATER, 'Too many connections')
      return
    }
    const fromClient = this.perClient.get(clientKey) ?? 0
    if (fromClient >= this.options.maxConnectionsPerClient) {
      socket.close(CLOSE_TRY_AGAIN_LATER, 'Too many connections from this address')
      return
    }
    this.perClient.set(clientKey, fromClient + 1)
    const connection = new RelayConnection(socket, clientId, clientKey)
    connection.publishTokens = this.options.publishesPerSecond
    connection.publishRefilledAt = this.options.now()
    this.connections.add(connection)
    socket.on('message', (data: Buffer | ArrayBuffer | Buffer[]) => this.onFrame(connection, toBuffer(data)))
    socket.on('pong', () => {
      connection.alive = true
    })
    socket.on('close', () => this.drop(connection))
  }

  /**
   * Subscribes a connection to topics (again is fine).
   *
   * @returns The subscription ids, in the order of `topics`, and the topics that are new to the
   *   connection (whose stored messages {@link RelayHub.deliverStored} then hands over).
   */
  subscribe(connection: RelayConnection, topics: readonly string[]): { ids: string[]; added: string[] } {
    const added = topics.filter(topic => !connection.topics.has(topic))
    const most = this.options.maxSubscriptionsPerConnection
    if (connection.topics.size + added.length > most) {
      throw new JsonRpcError(RPC_ERROR.limit, `A connection may follow at most ${most} topics`)
    }
    for (const topic of added) {
      connection.topics.add(topic)
      let set = this.subscribers.get(topic)
      if (!set) this.subscribers.set(topic, (set = new Set()))
      set.add(connection)
    }
    return { ids: topics.map(topic => connection.subscriptionIdOf(topic)), added }
  }

  /** Pushes the stored, unexpired messages of `topics` that the connection did not publish. */
  async deliverStored(connection: RelayConnection, topics: readonly string[]): Promise<void> {
    if (topics.length === 0 || connection.closed) return
    const stored = await this.messages.unexpired(topics, connection.clientId, MAX_STORED_DELIVERY)
    for (const message of stored) {
      if (connection.topics.has(message.topic)) connection.deliver(message, this.nextPushId++)
    }
  }

  /** Ends a connection's subscriptions to `topics` (unknown ones are ignored). */
  unsubscribe(connection: RelayConnection, topics: readonly string[]): void {
    for (const topic of topics) {
      if (!connection.topics.delete(topic)) continue
      const set = this.subscribers.get(topic)
      set?.delete(connection)
      if (set?.size === 0) this.subscribers.delete(topic)
    }
  }

  /**
   * Stores a message, then pushes it to every subscriber of its topic except the sender's
   * client. Resolves once it is stored: an acknowledged message survives a restart.
   */
  async publish(sender: RelayConnection, params: PublishParams): Promise<void> {
    this.takePublish(sender)
    const stored = await this.messages.save({ ...params, publisher: sender.clientId, publishedAt: Date.now() })
    // Undefined: the client retried a publish that was stored (and delivered) the first time.
    if (!stored) return
    this.fanOut(sender, stored)
  }

  /** The stored messages of `topics` that the connection did not publish (`irn_batchFetchMessages`). */
  async fetch(connection: RelayConnection, topics: readonly string[]): Promise<{ messages: object[]; hasMore: boolean }> {
    const stored = await this.messages.unexpired(topics, connection.clientId, MAX_STORED_DELIVERY + 1)
    const messages = stored.slice(0, MAX_STORED_DELIVERY).map(m => ({ topic: m.topic, message: m.message, publishedAt: m.publishedAt, tag: m.tag }))
    return { messages, hasMore: stored.length > MAX_STORED_DELIVERY }
  }

  /**
   * Stops: closes every socket (code 1001), lets requests already received finish their
   * database work, and ends sockets that do not complete the close handshake in time. Call
   * before closing the store. Safe to call more than once.
   */
  close(): Promise<void> {
    this.closing ??= (async () => {
      clearInterval(this.heartbeat)
      clearInterval(this.pruner)
      const connections = [...this.connections]
      for (const connection of connections) {
        connection.closed = true
        connection.socket.close(1001, 'Server shutting down')
      }
      await Promise.all([...connections.map(c => c.idle()), this.pruning])
      await Promise.race([
        Promise.all(connections.map(c => closed(c.socket))),
        new Promise(resolve => setTimeout(resolve, CLOSE_GRACE_MS).unref())
      ])
      for (const connection of connections) connection.socket.terminate()
    })()
    return this.closing
  }

  private onFrame(connection: RelayConnection, data: Buffer): void {
    connection.alive = true
    if (connection.closed) return
    const frame = parseRelayFrame(data)
    // Responses are the client's acknowledgements of our pushes: nothing to do with them.
    if (frame.kind === 'response') return
    if (frame.kind === 'invalid') {
      connection.error(frame.id, frame.error.code, frame.error.message)
      return
    }
    const method = RELAY_METHODS.get(frame.method)
    if (!method) {
      connection.error(frame.id, RPC_ERROR.methodNotFound, `Method not found: ${frame.method}`)
      return
    }
    const queued = connection.enqueue(async () => {
      let outcome
      try {
        outcome = await method(this, connection, frame.params)
      } catch (error) {
        if (error instanceof JsonRpcError) return connection.error(frame.id, error.code, error.message)
        if (!this.closing) console.error(`wallet-modal-server: relay: ${frame.method} failed:`, error)
        return connection.error(frame.id, RPC_ERROR.internal, 'Internal error, please retry')
      }
      connection.result(frame.id, outcome.result)
      // After the answer: a client learns its subscription id before the stored messages come.
      await outcome.afterReply?.().catch(error => {
        if (!this.closing) console.error(`wallet-modal-server: relay: ${frame.method} delivery failed:`, error)
      })
    })
    if (!queued) connection.error(frame.id, RPC_ERROR.busy, 'Too many requests in flight on this connection')
  }

  /** Spends one publish of the sender's bucket, refilled at `publishesPerSecond`; throws when empty. */
  private takePublish(sender: RelayConnection): void {
    const rate = this.options.publishesPerSecond
    const now = this.options.now()
    sender.publishTokens = Math.min(rate, sender.publishTokens + ((now - sender.publishRefilledAt) / 1000) * rate)
    sender.publishRefilledAt = now
    if (sender.publishTokens < 1) throw new JsonRpcError(RPC_ERROR.limit, `Too many publishes: at most ${rate} a second`)
    sender.publishTokens -= 1
  }

  private fanOut(sender: RelayConnection, message: RelayMessage): void {
    const set = this.subscribers.get(message.topic)
    if (!set) return
    for (const connection of set) {
      // Never back to the sender, nor to another socket of the same client (a reconnect).
      if (connection === sender || connection.clientId === sender.clientId) continue
      connection.deliver(message, this.nextPushId++)
    }
  }

  private beat(): void {
    for (const connection of this.connections) {
      if (!connection.alive) {
        // No pong since the last ping: the peer is gone without a close (network, sleep).
        connection.closed = true
        connection.socket.terminate()
        continue
      }
      connection.alive = false
      try {
        connection.socket.ping()
      } catch {
        // Already closing: its close event cleans up.
      }
    }
  }

  private drop(connection: RelayConnection): void {
    if (!this.connections.has(connection)) return
    const left = (this.perClient.get(connection.clientKey) ?? 1) - 1
    if (left > 0) this.perClient.set(connection.clientKey, left)
    else this.perClient.delete(connection.clientKey)
    connection.closed = true
    this.unsubscribe(connection, [...connection.topics])
    this.connections.delete(connection)
  }
}

function toBuffer(data: Buffer | ArrayBuffer | Buffer[]): Buffer {
  if (Buffer.isBuffer(data)) return data
  if (Array.isArray(data)) return Buffer.concat(data)
  return Buffer.from(data)
}

function closed(socket: WebSocket): Promise<void> {
  if (socket.readyState === socket.CLOSED) return Promise.resolve()
  return new Promise(resolve => socket.once('close', () => resolve()))
}

import { randomUUID } from 'node:crypto'
import type { WebSocket } from '@fastify/websocket'
import type { Queryable, Store } from '../db/Store.js'
import { JsonRpcError, RPC_ERROR } from './JsonRpcError.js'
import { parseRelayFrame } from './parseRelayFrame.js'
import { readRelayAnnouncement, RELAY_CHANNEL, relayAnnouncements } from './relayAnnouncements.js'
import { pushData, RelayConnection } from './RelayConnection.js'
import { RelayMessageStore, type RelayMessage } from './RelayMessageStore.js'
import type { PublishParams } from './relayParams.js'
import { RELAY_METHODS, type RelayMethodHost } from './relayMethods.js'
import { RelayStorageBudget } from './RelayStorageBudget.js'
import { RelayWriter } from './RelayWriter.js'

/** Tuning of the relay (createServer's `relay` option). */
export interface RelayOptions {
  /**
   * How often each socket is pinged; a socket that has not answered the previous ping is
   * dropped. Default 20 s: the sign-client itself gives up on a relay silent for 35 s. This is
   * not the spec's "heartbeat 5 s" (§9): that is the sign-client's own pulse, on which it checks
   * expiries (the modal paces it: `pacedHeartbeat` in core). A relay ping every 5 s would wake
   * every phone wallet's radio four times as often and notice nothing sooner that matters: a
   * socket gone quiet loses no message (messages stay stored until their TTL and are handed over
   * when the client subscribes again).
   */
  heartbeatMs?: number
  /** Messages kept per topic; the oldest go first (default 500). */
  maxMessagesPerTopic?: number
  /** Bytes of messages kept per topic; the oldest go first (default 2 MiB; the newest message always stays). */
  maxBytesPerTopic?: number
  /** Bytes of messages stored in all; beyond, publishes are refused until some expire (default 1 GiB). */
  maxStoredBytes?: number
  /** Bytes of messages stored per project (the publishing socket's; default 256 MiB). */
  maxStoredBytesPerProject?: number
  /**
   * Bytes of messages stored per client of a project, the client being the publishing socket's
   * address (IPv4, or IPv6 /64; default 16 MiB). A client over it loses its own oldest messages,
   * so it can never fill the project's share and refuse another client's publish. The address,
   * not the auth token's id: a client mints as many ids as it likes.
   */
  maxStoredBytesPerClient?: number
  /** How often the stored bytes are measured in the database (default 10 s; see `RelayStorageBudget`). */
  usageIntervalMs?: number
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
  maxBytesPerTopic: 2 * 1024 * 1024,
  maxStoredBytes: 1024 * 1024 * 1024,
  maxStoredBytesPerProject: 256 * 1024 * 1024,
  maxStoredBytesPerClient: 16 * 1024 * 1024,
  usageIntervalMs: 10_000,
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
 * Several server processes on one PostgreSQL database act as one relay: each stores what its
 * sockets publish and announces it (`NOTIFY`, see `relayAnnouncements`); the others read the
 * announced messages their own sockets follow and push them. On the embedded database there is
 * one process.
 */
export class RelayHub implements RelayMethodHost {
  private readonly subscribers = new Map<string, Set<RelayConnection>>()
  private readonly connections = new Set<RelayConnection>()
  private readonly perClient = new Map<string, number>()
  private readonly messages: RelayMessageStore
  private readonly writer: RelayWriter
  private readonly budget: RelayStorageBudget
  private readonly options: Required<RelayOptions>
  // Tells this process's announcements from the others'.
  private readonly instanceId = randomUUID()
  private stopListening: (() => Promise<void>) | undefined
  // Announced messages are pushed one announcement after the other, in the order they came.
  private incoming: Promise<void> = Promise.resolve()
  private usageTimer: NodeJS.Timeout | undefined
  // Ids of the irn_subscription requests the relay sends; large enough not to collide with a
  // restarted server's recent ones in a client that is still acknowledging.
  private nextPushId = Date.now() * 1000
  private heartbeat: NodeJS.Timeout | undefined
  private pruner: NodeJS.Timeout | undefined
  private pruning: Promise<unknown> = Promise.resolve()
  private closing: Promise<void> | undefined

  /**
   * @param db - Where messages are kept (the server's store; with `listen`, a PostgreSQL server
   *   that other processes may share).
   * @param options - See {@link RelayOptions}.
   */
  constructor(
    private readonly db: Queryable & Pick<Store, 'listen'>,
    options: RelayOptions = {}
  ) {
    this.options = { ...RELAY_DEFAULTS, ...options }
    this.messages = new RelayMessageStore(db)
    this.budget = new RelayStorageBudget(this.options)
    this.writer = new RelayWriter(this.messages, { maxMessages: this.options.maxMessagesPerTopic, maxBytes: this.options.maxBytesPerTopic }, stored =>
      this.onStored(stored)
    )
  }

  /** Bytes of messages stored, as this process last measured them plus what it stored since. */
  get storedBytes(): number {
    return this.budget.total
  }

  /** Open sockets. */
  get connectionCount(): number {
    return this.connections.size
  }

  /** Topics with at least one subscribed socket. */
  get topicCount(): number {
    return this.subscribers.size
  }

  /**
   * Deletes the messages that expired while the server was down, measures what is stored,
   * listens to the other processes' announcements (on PostgreSQL), then starts the timers.
   */
  async start(): Promise<void> {
    await this.messages.deleteExpired()
    await this.measureUsage()
    if (this.db.listen) this.stopListening = await this.db.listen(RELAY_CHANNEL, payload => this.onAnnouncement(payload))
    this.usageTimer = setInterval(() => {
      this.measureUsage().catch(error => {
        if (!this.closing) console.error('wallet-modal-server: relay: measuring stored bytes failed:', error)
      })
    }, this.options.usageIntervalMs)
    this.usageTimer.unref()
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
   * @param projectId - The project in its connection URL: what it stores counts toward it.
   */
  accept(socket: WebSocket, clientId: string, clientKey = '', projectId = ''): void {
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
    const connection = new RelayConnection(socket, clientId, clientKey, projectId)
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
      connection.topics.set(topic, connection.subscriptionIdOf(topic))
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
   * client, here and (through the announcement) on the other server processes. Resolves once it
   * is stored: an acknowledged message survives a restart. A client that retries a publish that
   * was stored the first time gets the same answer and nobody gets the message twice.
   *
   * A sender over its client quota first loses its own oldest stored messages (one indexed
   * delete, only then), never anyone else's.
   *
   * @throws {JsonRpcError} When the socket publishes too fast, or the storage is full.
   */
  async publish(sender: RelayConnection, params: PublishParams): Promise<void> {
    this.takePublish(sender)
    const { projectId, clientKey } = sender
    const bytes = Buffer.byteLength(params.message)
    if (this.budget.overQuota(projectId, clientKey, bytes) && bytes <= this.budget.clientQuota) {
      this.budget.evicted(projectId, clientKey, await this.messages.evict(projectId, clientKey, this.budget.clientQuota - bytes))
    }
    this.budget.take(projectId, clientKey, bytes)
    await this.writer.write({
      topic: params.topic,
      message: params.message,
      ttl: params.ttl,
      tag: params.tag,
      publisher: sender.clientId,
      publishedAt: Date.now(),
      projectId,
      quotaKey: clientKey
    })
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
      clearInterval(this.usageTimer)
      await this.stopListening?.().catch(() => undefined)
      const connections = [...this.connections]
      for (const connection of connections) {
        connection.closed = true
        connection.socket.close(1001, 'Server shutting down')
      }
      await Promise.all([...connections.map(c => c.idle()), this.pruning, this.writer.idle(), this.incoming])
      await Promise.race([Promise.all(connections.map(c => closed(c.socket))), new Promise(resolve => setTimeout(resolve, CLOSE_GRACE_MS).unref())])
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

  /** Written messages: pushed here, then announced to the other processes. */
  private async onStored(messages: RelayMessage[]): Promise<void> {
    for (const message of messages) this.fanOut(message)
    if (!this.db.listen || messages.length === 0) return
    try {
      await this.db.query('SELECT pg_notify($1, payload) FROM unnest($2::text[]) AS payload', [RELAY_CHANNEL, relayAnnouncements(this.instanceId, messages)])
    } catch (error) {
      // Stored all the same: the other processes' subscribers get them when they subscribe again.
      if (!this.closing) console.error('wallet-modal-server: relay: announcing messages failed:', error)
    }
  }

  /** Another process stored messages: push those that sockets here follow. */
  private onAnnouncement(payload: string): void {
    const announcement = readRelayAnnouncement(payload)
    if (!announcement || announcement.from === this.instanceId || this.closing) return
    // Those topics grew behind this process's back: its next write to one trims it.
    this.writer.forget(announcement.messages.map(([, topic]) => topic))
    const ids = announcement.messages.filter(([, topic]) => this.subscribers.has(topic)).map(([id]) => id)
    if (ids.length === 0) return
    this.incoming = this.incoming
      .then(async () => {
        for (const message of await this.messages.byIds(ids)) this.fanOut(message)
      })
      .catch(error => {
        if (!this.closing) console.error('wallet-modal-server: relay: reading announced messages failed:', error)
      })
  }

  private async measureUsage(): Promise<void> {
    this.budget.measure(await this.messages.usage())
  }

  private fanOut(message: RelayMessage): void {
    const set = this.subscribers.get(message.topic)
    if (!set) return
    let data: string | undefined
    for (const connection of set) {
      // Never back to the sender, nor to another socket of the same client (a reconnect).
      if (connection.clientId === message.publisher) continue
      data ??= pushData(message)
      connection.deliver(message, this.nextPushId++, data)
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
    this.unsubscribe(connection, [...connection.topics.keys()])
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

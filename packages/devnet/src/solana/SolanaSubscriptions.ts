import { RpcError } from '../RpcError.js'
import type { SolanaLedger, TransactionRecord } from './SolanaLedger.js'

/** Most open subscriptions one connection may hold. */
export const MAX_SUBSCRIPTIONS_PER_CONNECTION = 10_000

// Subscription ids are unique across connections, like a validator's.
let nextSubscriptionId = 1

type RpcId = string | number | null

/**
 * The JSON-RPC side of one WebSocket connection to the local network: `signatureSubscribe` and
 * `signatureUnsubscribe`, which is what @solana/web3.js 1.x `confirmTransaction` (and so
 * `sendAndConfirmTransaction`) uses.
 *
 * A signature subscription fires once, with `{ err }`, when the transaction is processed, and
 * is then removed (as on a validator). One for a transaction that was processed before the
 * subscription is answered at once: everything here is final as soon as it executes, so
 * waiting for a later commitment level would wait forever.
 *
 * Notifications without an id (web3.js sends `ping` every few seconds) are ignored; other
 * methods get -32601.
 */
export class SolanaSubscriptions {
  private readonly bySignature = new Map<string, Set<number>>()
  private readonly signatureOf = new Map<number, string>()
  private readonly stopListening: () => void

  /**
   * @param ledger - The runtime whose transactions are watched.
   * @param send - Sends one text message on the connection.
   */
  constructor(
    private readonly ledger: SolanaLedger,
    private readonly send: (text: string) => void
  ) {
    this.stopListening = ledger.onTransaction(record => this.notify(record))
  }

  /**
   * Handles one incoming message (a request, a notification or a batch).
   *
   * @param text - The message text.
   */
  receive(text: string): void {
    let payload: unknown
    try {
      payload = JSON.parse(text)
    } catch {
      this.reply(null, { error: { code: -32700, message: 'Parse error' } })
      return
    }
    const requests = Array.isArray(payload) ? payload : [payload]
    if (requests.length === 0) this.reply(null, { error: { code: -32600, message: 'Invalid Request' } })
    for (const request of requests) this.handle(request)
  }

  /** Drops every subscription and stops watching the ledger (the connection closed). */
  dispose(): void {
    this.stopListening()
    this.bySignature.clear()
    this.signatureOf.clear()
  }

  private handle(request: unknown): void {
    if (typeof request !== 'object' || request === null) return this.reply(null, { error: { code: -32600, message: 'Invalid Request' } })
    const { id, method, params } = request as { id?: unknown; method?: unknown; params?: unknown }
    const validId = id === undefined || id === null || typeof id === 'number' || typeof id === 'string'
    if (!validId || typeof method !== 'string') return this.reply(null, { error: { code: -32600, message: 'Invalid Request' } })
    // A notification: nothing to answer (web3.js's keep-alive 'ping' is one).
    if (id === undefined) return
    try {
      this.reply(id as RpcId, { result: this.call(method, Array.isArray(params) ? params : []) })
    } catch (error) {
      const { code, message } = error instanceof RpcError ? error : { code: -32603, message: 'Internal error' }
      return this.reply(id as RpcId, { error: { code, message } })
    }
    // After the reply, so the client knows the subscription id the notification carries.
    if (method === 'signatureSubscribe') {
      const record = this.ledger.getRecord(String((params as unknown[])[0]))
      if (record) this.notify(record)
    }
  }

  private call(method: string, params: unknown[]): unknown {
    if (method === 'signatureSubscribe') {
      const signature = params[0]
      if (typeof signature !== 'string' || signature.length < 64 || signature.length > 100)
        throw new RpcError(-32602, 'Invalid params: expected a base58 signature')
      if (this.signatureOf.size >= MAX_SUBSCRIPTIONS_PER_CONNECTION) throw new RpcError(-32602, 'Too many subscriptions on this connection')
      const subscription = nextSubscriptionId++
      this.signatureOf.set(subscription, signature)
      let set = this.bySignature.get(signature)
      if (!set) this.bySignature.set(signature, (set = new Set()))
      set.add(subscription)
      return subscription
    }
    if (method === 'signatureUnsubscribe') {
      const subscription = params[0]
      if (typeof subscription !== 'number') throw new RpcError(-32602, 'Invalid params: expected a subscription id')
      return this.remove(subscription)
    }
    throw new RpcError(-32601, 'Method not found')
  }

  private notify(record: TransactionRecord): void {
    const subscriptions = this.bySignature.get(record.signature)
    if (!subscriptions) return
    for (const subscription of subscriptions) {
      this.remove(subscription)
      this.send(
        JSON.stringify({
          jsonrpc: '2.0',
          method: 'signatureNotification',
          params: { result: { context: { slot: record.slot }, value: { err: record.err } }, subscription }
        })
      )
    }
  }

  private remove(subscription: number): boolean {
    const signature = this.signatureOf.get(subscription)
    if (signature === undefined) return false
    this.signatureOf.delete(subscription)
    const set = this.bySignature.get(signature)
    set?.delete(subscription)
    if (set?.size === 0) this.bySignature.delete(signature)
    return true
  }

  private reply(id: RpcId, body: { result: unknown } | { error: { code: number; message: string } }): void {
    this.send(JSON.stringify({ jsonrpc: '2.0', ...body, id }))
  }
}

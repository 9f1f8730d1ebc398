import type { SandboxAsset } from './sandboxQuote.js'

/** A paid purchase. */
export interface SandboxPurchase {
  sessionId: string
  /** A 0x transaction hash, or a Solana signature. */
  txHash: string
  network: string
  address: string
  asset: string
  /** Whole units of the asset sent. */
  amount: string
  fiatAmount: string
  fiatCurrency: string
  partnerUserId: string
}

/** A checkout the API opened: what it sells to whom, and once paid, the purchase. */
export interface SandboxSession {
  id: string
  address: string
  network: string
  asset: SandboxAsset
  fiatAmount: string
  fiatCurrency: string
  paymentMethod: string
  partnerUserId: string
  paid?: SandboxPurchase
}

/** Sessions a checkout may be opened from (older ones are dropped first). */
const MAX_SESSIONS = 1000

/**
 * The sandbox's open checkouts, at most 1000 (the oldest dropped first), so a caller opening
 * sessions in a loop cannot grow it without end.
 *
 * @example
 * const sessions = new SandboxSessions()
 * sessions.add({ id, address, network: 'devnet', asset: 'DUSD', fiatAmount: '50', fiatCurrency: 'USD', paymentMethod: 'card', partnerUserId: '' })
 * sessions.get(id)?.paid // undefined until paid
 */
export class SandboxSessions {
  private readonly sessions = new Map<string, SandboxSession>()

  /** Keeps a session, dropping the oldest when full. */
  add(session: SandboxSession): void {
    if (this.sessions.size >= MAX_SESSIONS) this.sessions.delete(this.sessions.keys().next().value!)
    this.sessions.set(session.id, session)
  }

  get(id: string): SandboxSession | undefined {
    return this.sessions.get(id)
  }
}

/** What happened to one proposal, request or disconnection. */
export type WalletLogOutcome = 'approved' | 'rejected' | 'answered' | 'failed' | 'disconnected'

/** One line of the dev wallet's activity log. */
export interface WalletLogEntry {
  /** Increasing number, unique within this wallet (the page uses it as a key). */
  seq: number
  /** When it was handled (ISO 8601). */
  at: string
  /** A session proposal from a dapp, a request inside a session, or a session ending. */
  kind: 'proposal' | 'request' | 'disconnect'
  /** `session_proposal`, the JSON-RPC method (`personal_sign`, ...), or `session_delete`. */
  method: string
  /** The dapp's name, from its metadata. */
  peer: string
  /** CAIP-2 chain of a request (`eip155:31337`), or the approved chains of a proposal. */
  chainId?: string
  /** What the wallet did. */
  outcome: WalletLogOutcome
  /** A short result (signature, tx hash, chains) or the error message. */
  detail?: string
  /** How long handling took, in milliseconds. */
  ms?: number
}

/** How many entries {@link WalletLog} keeps. */
export const WALLET_LOG_LIMIT = 50

/**
 * The dev wallet's recent activity, newest last, bounded to {@link WALLET_LOG_LIMIT} entries so a
 * long-running `npm start` does not grow without end.
 */
export class WalletLog {
  private readonly entries: WalletLogEntry[] = []
  private seq = 0

  /**
   * @param limit - Entries to keep (oldest are dropped first).
   */
  constructor(private readonly limit = WALLET_LOG_LIMIT) {}

  /**
   * Appends an entry, stamping its sequence number and time.
   *
   * @param entry - Everything but `seq` and `at`.
   * @returns The stored entry.
   */
  add(entry: Omit<WalletLogEntry, 'seq' | 'at'>): WalletLogEntry {
    const stored: WalletLogEntry = { seq: ++this.seq, at: new Date().toISOString(), ...entry }
    this.entries.push(stored)
    if (this.entries.length > this.limit) this.entries.splice(0, this.entries.length - this.limit)
    return stored
  }

  /** A copy of the entries, oldest first. */
  list(): WalletLogEntry[] {
    return this.entries.map(entry => ({ ...entry }))
  }
}

/** Options of {@link FailingTokens}. */
export interface FailingTokensOptions {
  /** How long a token is left out after it failed, in ms (default 1 hour): then it is read again. */
  ttlMs?: number
  /** Most tokens remembered (default 10,000; the oldest are forgotten first). */
  maxEntries?: number
  /** The clock (ms); tests pass their own. */
  now?: () => number
  /** Told once when a token is added (default: a warning on the console). */
  onAdd?: (chainId: string, address: string) => void
}

/**
 * Tokens whose `balanceOf` made a whole balance call fail (it burned all the gas, or answered so
 * much that copying it did), by chain: the balance reader leaves them out for `ttlMs`, so the next
 * request neither fails nor pays the search for them again. Memory is bounded: at most
 * `maxEntries` tokens, the oldest forgotten first. A token is remembered per chain, whoever asked,
 * since its code is the same for every address.
 *
 * @example
 * const failing = new FailingTokens({ ttlMs: 3_600_000 })
 * failing.add('eip155:1', '0xBad…')
 * failing.has('eip155:1', '0xbad…') // true, for an hour
 */
export class FailingTokens {
  private readonly until = new Map<string, number>()
  private readonly ttlMs: number
  private readonly maxEntries: number
  private readonly now: () => number

  /** @param options - Time to remember, size bound, clock and logger. */
  constructor(private readonly options: FailingTokensOptions = {}) {
    this.ttlMs = options.ttlMs ?? 60 * 60 * 1000
    this.maxEntries = Math.max(1, options.maxEntries ?? 10_000)
    this.now = options.now ?? Date.now
  }

  /** How many tokens are remembered (expired ones included until next looked at). */
  get size(): number {
    return this.until.size
  }

  /**
   * Whether a token is being left out now.
   *
   * @param chainId - CAIP-2 id of its chain.
   * @param address - Its contract (any case).
   */
  has(chainId: string, address: string): boolean {
    const key = `${chainId}:${address.toLowerCase()}`
    const until = this.until.get(key)
    if (until === undefined) return false
    if (this.now() < until) return true
    this.until.delete(key)
    return false
  }

  /**
   * Leaves a token out for the next `ttlMs`, and tells of it (once: it is not read again meanwhile).
   *
   * @param chainId - CAIP-2 id of its chain.
   * @param address - Its contract (any case).
   */
  add(chainId: string, address: string): void {
    const known = this.has(chainId, address)
    const key = `${chainId}:${address.toLowerCase()}`
    // Re-inserted so insertion order stays age order: the first key is the oldest.
    this.until.delete(key)
    this.until.set(key, this.now() + this.ttlMs)
    while (this.until.size > this.maxEntries) this.until.delete(this.until.keys().next().value!)
    if (known) return
    if (this.options.onAdd) this.options.onAdd(chainId, address)
    else
      console.warn(
        `wallet-modal-server: balances: token ${address} on ${chainId} fails every balance call it is in; left out for ${Math.round(this.ttlMs / 60_000)} min`
      )
  }
}

/** The server's {@link FailingTokens}, shared by every balance read of the process. */
export const failingTokens = new FailingTokens()

/** What {@link WindowRateLimit.take} decided. */
export interface RateDecision {
  /** Whether the request may go ahead. */
  allowed: boolean
  /** When refused: whole seconds until the window ends (for `Retry-After`). */
  retryAfterS: number
}

/**
 * A fixed-window request counter per key (a client address): at most `limit` takes per window.
 * In memory, because it only has to slow down one process's abusers; counters of a finished
 * window are dropped wholesale, so memory is bounded by the clients of one window.
 */
export class WindowRateLimit {
  private counts = new Map<string, number>()
  private windowStart = 0

  /**
   * @param limit - Takes allowed per key and window.
   * @param windowMs - Length of a window.
   * @param now - The clock (tests pass their own).
   */
  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now
  ) {}

  /**
   * Counts one request of `key` and says whether it is within the limit.
   *
   * @param key - Whose request, e.g. the client's IP address.
   */
  take(key: string): RateDecision {
    const now = this.now()
    if (now - this.windowStart >= this.windowMs) {
      this.counts = new Map()
      this.windowStart = now
    }
    const count = (this.counts.get(key) ?? 0) + 1
    this.counts.set(key, count)
    if (count <= this.limit) return { allowed: true, retryAfterS: 0 }
    return { allowed: false, retryAfterS: Math.max(1, Math.ceil((this.windowStart + this.windowMs - now) / 1000)) }
  }
}

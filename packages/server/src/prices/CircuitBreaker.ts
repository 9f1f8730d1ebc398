/**
 * Skips a failing source for a while: after `threshold` consecutive failures the breaker opens
 * for `cooldownMs`, and calls are refused without being made; once the cool-down is over one trial
 * call is let through (half-open): its success closes the breaker, its failure opens it again. A
 * failure that says when to come back (a 429's `Retry-After`) or that will not heal by itself (a
 * bad key) opens it at once, for the longer of that delay and the cool-down.
 *
 * @example
 * const breaker = new CircuitBreaker({ threshold: 3, cooldownMs: 30_000 })
 * if (breaker.allow()) {
 *   try { await call(); breaker.success() } catch { breaker.failure() }
 * }
 */
export class CircuitBreaker {
  private failures = 0
  private openUntil = 0
  private trial = false
  private readonly threshold: number
  private readonly cooldownMs: number
  private readonly now: () => number

  /**
   * @param options - Failures before opening (default 3), cool-down in ms (default 30 s), the
   *   clock (default `Date.now`; tests pass their own).
   */
  constructor(options: { threshold?: number; cooldownMs?: number; now?: () => number } = {}) {
    this.threshold = Math.max(1, options.threshold ?? 3)
    this.cooldownMs = options.cooldownMs ?? 30_000
    this.now = options.now ?? Date.now
  }

  /** Whether the breaker is open now (calls refused). */
  get open(): boolean {
    return this.failures >= this.threshold && (this.now() < this.openUntil || this.trial)
  }

  /**
   * Whether a call may be made now. Once the cool-down is over, the first caller gets the trial
   * and the others are refused until it reports.
   */
  allow(): boolean {
    if (this.failures < this.threshold) return true
    if (this.now() < this.openUntil || this.trial) return false
    this.trial = true
    return true
  }

  /** The call succeeded: the breaker closes. */
  success(): void {
    this.failures = 0
    this.openUntil = 0
    this.trial = false
  }

  /**
   * The call failed.
   *
   * @param options - `retryAfterMs`: the source asked to wait (opens at once, for at least that
   *   long); `permanent`: asking again will not help soon (opens at once).
   */
  failure(options: { retryAfterMs?: number; permanent?: boolean } = {}): void {
    this.trial = false
    const immediate = options.retryAfterMs !== undefined || options.permanent === true
    this.failures = immediate ? Math.max(this.failures + 1, this.threshold) : this.failures + 1
    if (this.failures >= this.threshold) this.openUntil = this.now() + Math.max(this.cooldownMs, options.retryAfterMs ?? 0)
  }
}

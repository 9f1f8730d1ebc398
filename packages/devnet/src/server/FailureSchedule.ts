/**
 * A stand-in's failure switch: `set` makes the next `times` requests (of one endpoint, or any)
 * fail in a given way, `clear` ends it, and the request handler `take`s the failure a request
 * gets. One per stand-in, so every upstream stand-in fails and recovers the same way.
 *
 * @example
 * const failures = new FailureSchedule<{ status: number }, 'quote' | 'swap'>()
 * failures.set({ status: 500 }, 1, 'quote')
 * failures.take('swap')  // undefined: another endpoint
 * failures.take('quote') // { status: 500 }, and the schedule is spent
 */
export class FailureSchedule<F, E extends string = string> {
  private next: { failure: F; left: number; endpoint?: E } | undefined

  /** The next `times` requests (default: all, until {@link clear}) to `endpoint` (default: any) fail with `failure`. */
  set(failure: F, times = Infinity, endpoint?: E): void {
    this.next = { failure, left: times, ...(endpoint ? { endpoint } : {}) }
  }

  /** No more failures. */
  clear(): void {
    this.next = undefined
  }

  /** The failure a request to `endpoint` gets, if any; each one taken counts against `times`. */
  take(endpoint?: E): F | undefined {
    const next = this.next
    if (!next || (next.endpoint !== undefined && next.endpoint !== endpoint)) return undefined
    if (--next.left <= 0) this.next = undefined
    return next.failure
  }
}

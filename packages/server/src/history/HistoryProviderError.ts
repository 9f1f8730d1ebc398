import { ApiError } from '../http/ApiError.js'

/**
 * A history provider could not answer: thrown as is by the activity route, so the caller gets
 * `{ error, reason }` with a gateway status: 502 (the source refused, failed or answered something
 * unreadable), 503 (it rate-limited this server, or is skipped for a while after failures), 504 (it
 * did not answer in time). `reason` is a sentence the modal can show; it never carries the API key.
 */
export class HistoryProviderError extends ApiError {
  /**
   * @param status - 502, 503 or 504.
   * @param reason - What went wrong, for people.
   * @param breaker - For the circuit breaker: `retryAfterMs` (the source asked to wait),
   *   `permanent` (asking again will not help soon: a bad key, an unsupported chain).
   */
  constructor(
    status: 502 | 503 | 504,
    reason: string,
    readonly breaker: { retryAfterMs?: number; permanent?: boolean } = {}
  ) {
    super(status, reason)
    this.name = 'HistoryProviderError'
  }
}

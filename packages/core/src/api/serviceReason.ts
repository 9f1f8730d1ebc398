import { toWalletModalError } from '../errors/WalletModalError.js'

/**
 * What to tell the visitor about a failed service call: the service's own reason for a refusal
 * (a 4xx's `reason`: 'Network not supported for Swaps', 'Amount must be between …'), else the
 * error's words ('HTTP status code: 503', 'Invalid response').
 *
 * @example reasonOf(err) // 'Insufficient liquidity'
 */
export function reasonOf(err: unknown): string {
  return refusalReason(err) ?? toWalletModalError(err, 'TRANSACTION_FAILED').shortMessage
}

/**
 * The service's own reason when it refused the request (a 4xx's `reason`), else undefined (a
 * server error, no answer, or not a service call): the caller then says it in its own words.
 *
 * @example refusalReason(err) ?? 'Error registering name alice.reown.id'
 */
export function refusalReason(err: unknown): string | undefined {
  const e = toWalletModalError(err, 'TRANSACTION_FAILED')
  const status = (e as { status?: number }).status
  return e.code === 'HTTP_ERROR' && e.details && status !== undefined && status >= 400 && status < 500 ? e.details : undefined
}

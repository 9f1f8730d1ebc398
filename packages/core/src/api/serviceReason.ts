import { toWalletModalError } from '../errors/WalletModalError.js'

/**
 * What to tell the visitor about a failed service call: the service's own reason for a refusal
 * (a 4xx's `reason`: 'Network not supported for Swaps', 'Amount must be between …'), else the
 * error's words ('HTTP status code: 503', 'Invalid response').
 *
 * @example reasonOf(err) // 'Insufficient liquidity'
 */
export function reasonOf(err: unknown): string {
  const e = toWalletModalError(err, 'TRANSACTION_FAILED')
  const status = (e as { status?: number }).status
  return e.code === 'HTTP_ERROR' && e.details && status !== undefined && status >= 400 && status < 500 ? e.details : e.shortMessage
}

import { toWalletModalError } from '../errors/WalletModalError.js'
import type { ServiceProblem } from './serviceProblem.js'

/**
 * The problem an HTTP call to the registry met, from its status: Reown documents 401 for a project
 * id that does not exist, 403 for one that exists but does not allow the request (its origin
 * allow-list), 429 for too many requests; anything else (no answer, timeout, 5xx) is unreachable.
 *
 * @param err - What the call threw.
 * @example directoryProblemOf(err) // 'originNotAllowed' for a 403
 */
export function directoryProblemOf(err: unknown): ServiceProblem {
  const status = (toWalletModalError(err, 'NETWORK_ERROR') as { status?: number }).status
  if (status === 401) return 'projectUnknown'
  if (status === 403) return 'originNotAllowed'
  if (status === 429) return 'rateLimited'
  return 'unreachable'
}

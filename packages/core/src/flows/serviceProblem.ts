import { toWalletModalError } from '../errors/WalletModalError.js'

/**
 * Why a public service (the WalletConnect relay, the wallet registry) cannot be used, in the
 * words Connect shows: the network cannot be reached, the project id is unknown to it, the
 * project does not allow this site's origin, or too many requests.
 */
export type ServiceProblem = 'unreachable' | 'projectUnknown' | 'originNotAllowed' | 'rateLimited'

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

/**
 * The problem a WalletConnect relay connection met, from the sign-client's error text (it reports
 * a final close as 'WebSocket connection closed abnormally with code: 3000 (<reason>)'). A browser
 * cannot read the status of a refused WebSocket handshake, only a close's code and reason, so the
 * reason's words decide: the relay's documented answers name the origin, the project or the key
 * (401 "Project not found" / "Unauthorized: invalid key", 403 for the origin, 1013 too many
 * requests; see docs/ARCHITECTURE.md, "No server of your own").
 *
 * @param err - What connecting or pairing threw.
 * @example relayProblemOf(new Error('... code: 3000 (403 Unauthorized: origin not allowed)')) // 'originNotAllowed'
 */
export function relayProblemOf(err: unknown): ServiceProblem {
  const text = `${(err as { message?: unknown })?.message ?? ''} ${(err as { details?: unknown })?.details ?? ''}`
  if (/origin/i.test(text)) return 'originNotAllowed'
  if (/project|invalid key|unauthori[sz]ed|\b401\b|\b403\b/i.test(text)) return 'projectUnknown'
  if (/\b1013\b|too many/i.test(text)) return 'rateLimited'
  return 'unreachable'
}

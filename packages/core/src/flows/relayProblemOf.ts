import type { ServiceProblem } from './serviceProblem.js'

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

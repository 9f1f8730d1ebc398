// Why a WalletConnect relay refused a socket: the close reasons of wallet-modal's relay, worded
// after the answers the WalletConnect network's public relay documents (docs.reown.com, "Relay":
// project id unknown or JWT expired → 401, exists but invalid → 403). The relay closes with code
// 3000, which the sign-client treats as final (it stops reconnecting), so the page can tell the
// person why instead of spinning.

/** WebSocket close code of every refusal below: final for the sign-client (no reconnect). */
export const RELAY_REFUSAL_CLOSE_CODE = 3000

/**
 * The close reasons of a refused relay socket. A reason starts with one of these and may go on
 * with a detail in parentheses, e.g. `401 Unauthorized: invalid key (expired)`; match with
 * {@link relayRefusalOf}, not by equality.
 */
export const RELAY_REFUSALS = {
  /** The URL names no `projectId`. */
  projectMissing: '401 Project id missing',
  /** The `projectId` is not one the relay knows. */
  projectNotFound: '401 Project not found',
  /** The `auth` JWT is missing, forged, expired, or made out for another relay (`aud`). */
  invalidKey: '401 Unauthorized: invalid key',
  /** The page's Origin is not in the project's allow-list. */
  originNotAllowed: '403 Unauthorized: origin not allowed'
} as const

/** Which refusal a close reason is: a key of {@link RELAY_REFUSALS}. */
export type RelayRefusal = keyof typeof RELAY_REFUSALS

/**
 * The close reason for a refusal, with an optional detail (`401 Unauthorized: invalid key (expired)`).
 * WebSocket close reasons hold at most 123 bytes: the detail is cut to fit.
 *
 * @param refusal - Which refusal.
 * @param detail - Short, ASCII; what exactly was wrong.
 * @example
 * ```ts
 * socket.close(RELAY_REFUSAL_CLOSE_CODE, relayRefusalReason('invalidKey', 'expired'))
 * ```
 */
export function relayRefusalReason(refusal: RelayRefusal, detail?: string): string {
  const base = RELAY_REFUSALS[refusal]
  if (!detail) return base
  return `${base} (${detail.slice(0, 120 - base.length)})`
}

/**
 * Which refusal a relay close reason states, or undefined for any other close (a restart, a
 * network drop, a limit).
 *
 * @param reason - The close event's `reason`.
 * @example
 * ```ts
 * socket.addEventListener('close', event => {
 *   if (event.code === RELAY_REFUSAL_CLOSE_CODE && relayRefusalOf(event.reason) === 'originNotAllowed') showAllowListHelp()
 * })
 * ```
 */
export function relayRefusalOf(reason: string): RelayRefusal | undefined {
  for (const [refusal, text] of Object.entries(RELAY_REFUSALS) as Array<[RelayRefusal, string]>) {
    if (reason === text || reason.startsWith(`${text} (`)) return refusal
  }
  return undefined
}

import * as v from 'valibot'
import { VerifiedTokenSchema, type VerifiedToken } from '@wallet-modal/wire'

/** Options of {@link verifySessionToken}. */
export interface VerifySessionTokenOptions {
  /** Base URL of the wallet-modal server, e.g. `https://wm.example.com`. */
  serverUrl: string
  /** The site's project id: a token of another project is refused. */
  projectId: string
  /** The token the page sent (the modal's `getSessionToken()`, or `Authorization: Bearer …`). */
  token: string
  /** Longest the whole call may take, answer body included (default 5 s). */
  timeoutMs?: number
}

/** What {@link verifySessionToken} found: the signed-in account, or why not. */
export type SessionTokenCheck = ({ ok: true } & VerifiedToken) | { ok: false; reason: string }

/**
 * Asks the wallet-modal server who a sign-in session token belongs to, for a site's backend: the
 * page sends its token, the backend calls this and trusts the answer's address, chain and
 * expiry, never anything the page says about itself. A forged, expired, revoked or other
 * project's token answers `{ ok: false }`; so does a server that cannot be reached or answers
 * too late (the reason says which): a backend should treat every `ok: false` as "not signed in".
 *
 * @param options - See {@link VerifySessionTokenOptions}.
 * @example
 * ```ts
 * import { verifySessionToken } from '@wallet-modal/server'
 *
 * const check = await verifySessionToken({ serverUrl: 'https://wm.example.com', projectId: 'my-site', token })
 * if (!check.ok) return reply.code(401).send({ error: check.reason })
 * console.log(`${check.address} on ${check.chainId}, until ${check.expiresAt}`)
 * ```
 */
export async function verifySessionToken(options: VerifySessionTokenOptions): Promise<SessionTokenCheck> {
  const url = new URL('v1/sessions/verify', options.serverUrl.endsWith('/') ? options.serverUrl : `${options.serverUrl}/`)
  url.searchParams.set('projectId', options.projectId)
  url.searchParams.set('st', 'wallet-modal-server')
  url.searchParams.set('sv', 'verifySessionToken')
  try {
    // One signal for the request and the body: a server that stalls mid-answer times out too.
    const signal = AbortSignal.timeout(options.timeoutMs ?? 5000)
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: options.token }),
      signal
    })
    // Read whole first: a body that stalls must reach the catch below as a timeout.
    const text = await response.text()
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      body = undefined
    }
    if (!response.ok) {
      const reason = (body as { reason?: unknown } | undefined)?.reason
      return { ok: false, reason: typeof reason === 'string' ? reason : `The session service answered ${response.status}` }
    }
    const parsed = v.safeParse(VerifiedTokenSchema, body)
    if (!parsed.success || parsed.output.projectId !== options.projectId) return { ok: false, reason: 'The session service gave an unexpected answer' }
    return { ok: true, ...parsed.output }
  } catch (error) {
    const timedOut = (error as Error)?.name === 'TimeoutError'
    return { ok: false, reason: timedOut ? 'The session service did not answer in time' : 'The session service could not be reached' }
  }
}

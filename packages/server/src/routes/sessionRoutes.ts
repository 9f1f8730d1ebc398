import type { FastifyInstance } from 'fastify'
import { sessionEndpoints } from '@wallet-modal/wire'
import { ApiError } from '../http/ApiError.js'
import { serveEndpoint } from '../http/serveEndpoint.js'
import { checkSiwxMessage } from '../siwx/checkSiwxMessage.js'
import { parseSiwxMessage } from '../siwx/parseSiwxMessage.js'
import { SiwxNonces, type NonceOutcome } from '../siwx/SiwxNonces.js'
import { addressKey, SESSION_MAX_LIFETIME_DAYS, sameSignature, SiwxSessions } from '../siwx/SiwxSessions.js'
import { verifySiwxSignature } from '../siwx/verifySiwxSignature.js'
import type { RouteContext } from './RouteContext.js'

// The limits are the wire contract's; the server's entry point has always exported them.
export { MAX_SIWX_MESSAGE_LENGTH, MAX_SIWX_SIGNATURE_LENGTH } from '@wallet-modal/wire'

export { SIWX_NONCES_PER_MINUTE } from '../http/rateLimits.js'

/** Why a nonce cannot be spent, as the answer words it, and with which status. */
const NONCE_REFUSALS: Record<Exclude<NonceOutcome, 'consumed'>, [number, string]> = {
  unknown: [400, 'Unknown nonce'],
  used: [409, 'Nonce already used'],
  expired: [400, 'Nonce expired']
}

/**
 * The sign-in session service of spec §4 and §7 (SIWX: CAIP-122, EIP-4361 on eip155;
 * `sessionEndpoints` of the wire contract):
 * - `POST /v1/sessions/nonce` → `{ nonce, expiresAt }`: a single-use nonce for the project, valid
 *   for 5 minutes; a client (an IPv4 address, an IPv6 /64; see `trustProxy`) asking more than
 *   `sessions.noncesPerMinute` times a minute is answered 429 with `Retry-After` (the `nonce`
 *   group of `http/rateLimits.ts`);
 * - `POST /v1/sessions` `{ message, signature }` → `{ session, token, tokenExpiresAt }`: checks
 *   the signed message (format, chain, domain and URI against the project's allowed origins,
 *   dates, nonce, signature), stores the session it opens and issues its token (random, kept
 *   hashed, valid until the message's expiry or `sessions.maxLifetimeDays`, whichever is first);
 * - `GET /v1/sessions/{address}?chainId=` with `Authorization: Bearer <token>` → `{ sessions }`:
 *   the project's live sessions of the address, newest first, without message and signature, to
 *   the holder of a live token of that address and project (anyone else: 401);
 * - `POST /v1/sessions/verify` `{ token }` → `{ valid, sessionId, projectId, address, chainId,
 *   expiresAt }`: what a site's backend asks (`verifySessionToken`); 401 for a forged, expired,
 *   revoked or other project's token;
 * - `POST /v1/sessions/{address}/revoke` `{ pci, signature }` → `{ revoked: true }`: ends a
 *   session; the caller proves it is theirs with the sign-in signature, which only the signer
 *   and the site hold (no second wallet prompt).
 *
 * The nonce is spent before the signature is checked, once the cheap checks pass: one nonce
 * buys one verification attempt, so a failed or forged attempt cannot be retried with it (the
 * site asks for a new one), and two racing submissions cannot both open a session while a slow
 * node is being asked about a contract wallet's signature.
 *
 * @param app - The Fastify instance.
 * @param ctx - Shared configuration and storage.
 */
export function sessionRoutes(app: FastifyInstance, ctx: RouteContext): void {
  const nonces = new SiwxNonces(ctx.store)
  const sessions = new SiwxSessions(ctx.store)

  // No body is read: clients may send none or `{}`.
  serveEndpoint(app, sessionEndpoints.nonce, {}, async request => {
    return nonces.issue(request.project!.id)
  })

  serveEndpoint(app, sessionEndpoints.signIn, {}, async request => {
    const project = request.project!
    const { message: text, signature } = request.body
    const message = parseSiwxMessage(text)
    if (!message) throw new ApiError(400, 'Message could not be parsed')
    const chain = checkSiwxMessage(message, { project, chains: ctx.chains, now: new Date() })

    const outcome = await nonces.consume(project.id, message.nonce)
    if (outcome !== 'consumed') throw new ApiError(...NONCE_REFUSALS[outcome])
    if (!(await verifySiwxSignature(message, text, signature, chain, ctx.upstreamTimeoutMs))) throw new ApiError(400, 'Invalid signature')
    return sessions.add(project.id, message, text, signature, (ctx.config.sessions?.maxLifetimeDays ?? SESSION_MAX_LIFETIME_DAYS) * 86_400_000)
  })

  serveEndpoint(app, sessionEndpoints.sessions, {}, async request => {
    const project = request.project!
    const holder = await sessions.byToken(bearerToken(request.headers.authorization) ?? '')
    if (!holder || holder.projectId !== project.id || holder.addressKey !== addressKey(request.params.address)) throw invalidToken()
    return { sessions: await sessions.list(project.id, request.params.address, request.query.chainId) }
  })

  serveEndpoint(app, sessionEndpoints.verify, {}, async request => {
    const holder = await sessions.byToken(request.body.token)
    // Another project's token is refused like a forged one: a site only trusts its own sign-ins.
    if (!holder || holder.projectId !== request.project!.id) throw invalidToken()
    const { addressKey: _key, ...verified } = holder
    return { valid: true as const, ...verified }
  })

  serveEndpoint(app, sessionEndpoints.revoke, {}, async request => {
    const project = request.project!
    const { pci, signature } = request.body
    const session = await sessions.find(project.id, pci)
    if (!session) throw new ApiError(404, 'Session not found')
    if (session.addressKey !== addressKey(request.params.address)) throw new ApiError(403, 'Session belongs to another address', 'forbidden')
    if (!sameSignature(session.signature, signature)) throw new ApiError(403, 'Invalid signature', 'forbidden')
    // Revoking twice answers the same: a client retrying after a lost answer is told it is done.
    await sessions.revoke(project.id, pci)
    return { revoked: true as const }
  })
}

/** The token of an `Authorization: Bearer <token>` header. */
function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer ([^\s]+)$/i.exec(header ?? '')
  return match?.[1]
}

function invalidToken(): ApiError {
  return new ApiError(401, 'Invalid or expired session token', 'unauthorized')
}

import type { FastifyInstance } from 'fastify'
import { ApiError } from '../http/ApiError.js'
import { clientKey, WindowRateLimit } from '../http/WindowRateLimit.js'
import { ACCOUNT_ADDRESS, BITCOIN_ADDRESS, CAIP2, CLIENT_PARAMS } from '../http/schemas.js'
import { checkSiwxMessage } from '../siwx/checkSiwxMessage.js'
import { parseSiwxMessage } from '../siwx/parseSiwxMessage.js'
import { SiwxNonces, type IssuedNonce, type NonceOutcome } from '../siwx/SiwxNonces.js'
import { addressKey, sameSignature, SiwxSessions, type ListedSiwxSession, type SiwxSession } from '../siwx/SiwxSessions.js'
import { verifySiwxSignature } from '../siwx/verifySiwxSignature.js'
import type { RouteContext } from './RouteContext.js'

/** Default of `sessions.noncesPerMinute`: nonces one client address may ask for per minute. */
export const SIWX_NONCES_PER_MINUTE = 30

/** Longest sign-in message accepted, in characters. */
export const MAX_SIWX_MESSAGE_LENGTH = 4000

/**
 * Longest signature accepted, in characters: room for ERC-6492 signatures of undeployed contract
 * wallets, which carry the wallet's deployment call.
 */
export const MAX_SIWX_SIGNATURE_LENGTH = 20_000

/** Hex (`0x...`, EVM and optionally Solana), base58 (Solana) or base64 (Bitcoin: BIP-322, BIP-137). */
const SIGNATURE = { type: 'string', minLength: 1, maxLength: MAX_SIWX_SIGNATURE_LENGTH, pattern: '^[0-9A-Za-z+/]+={0,2}$' } as const

/** An account of a chain family sign-in supports: EVM, Solana, or a Bitcoin address. */
const SESSION_ADDRESS = { anyOf: [ACCOUNT_ADDRESS, BITCOIN_ADDRESS] } as const

const ADDRESS_PARAMS = { type: 'object', required: ['address'], properties: { address: SESSION_ADDRESS } } as const

/** Why a nonce cannot be spent, as the answer words it, and with which status. */
const NONCE_REFUSALS: Record<Exclude<NonceOutcome, 'consumed'>, [number, string]> = {
  unknown: [400, 'Unknown nonce'],
  used: [409, 'Nonce already used'],
  expired: [400, 'Nonce expired']
}

/**
 * The sign-in session service of spec §4 and §7 (SIWX: CAIP-122, EIP-4361 on eip155):
 * - `POST /v1/sessions/nonce` → `{ nonce, expiresAt }`: a single-use nonce for the project, valid
 *   for 5 minutes; a client (an IPv4 address, an IPv6 /64; see `trustProxy`) asking more than
 *   `sessions.noncesPerMinute` times a minute is answered 429 with `Retry-After`;
 * - `POST /v1/sessions` `{ message, signature }` → `{ session }`: checks the signed message
 *   (format, chain, domain and URI against the project's allowed origins, dates, nonce,
 *   signature) and stores the session it opens;
 * - `GET /v1/sessions/{address}?chainId=` → `{ sessions }`: the project's live sessions of an
 *   address, newest first, without their signatures;
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
  const nonceLimit = new WindowRateLimit(ctx.config.sessions?.noncesPerMinute ?? SIWX_NONCES_PER_MINUTE, 60_000)

  app.post<{ Querystring: Record<string, string> }>(
    '/v1/sessions/nonce',
    // No body is read: clients may send none or `{}`.
    { schema: { querystring: { type: 'object', properties: { ...CLIENT_PARAMS } } } },
    async (request, reply): Promise<IssuedNonce> => {
      const { allowed, retryAfterS } = nonceLimit.take(clientKey(request.ip))
      if (!allowed) {
        void reply.header('retry-after', String(retryAfterS))
        throw new ApiError(429, `Too many sign-in requests; try again in ${retryAfterS} s`)
      }
      return nonces.issue(request.project!.id)
    }
  )

  app.post<{ Body: { message: string; signature: string } }>(
    '/v1/sessions',
    {
      schema: {
        querystring: { type: 'object', properties: { ...CLIENT_PARAMS } },
        body: {
          type: 'object',
          required: ['message', 'signature'],
          additionalProperties: false,
          properties: { message: { type: 'string', minLength: 1, maxLength: MAX_SIWX_MESSAGE_LENGTH }, signature: SIGNATURE }
        }
      }
    },
    async (request): Promise<{ session: SiwxSession }> => {
      const project = request.project!
      const { message: text, signature } = request.body
      const message = parseSiwxMessage(text)
      if (!message) throw new ApiError(400, 'Message could not be parsed')
      const chain = checkSiwxMessage(message, { project, chains: ctx.chains, now: new Date() })

      const outcome = await nonces.consume(project.id, message.nonce)
      if (outcome !== 'consumed') throw new ApiError(...NONCE_REFUSALS[outcome])
      if (!(await verifySiwxSignature(message, text, signature, chain, ctx.upstreamTimeoutMs))) throw new ApiError(400, 'Invalid signature')
      return { session: await sessions.add(project.id, message, text, signature) }
    }
  )

  app.get<{ Params: { address: string }; Querystring: { chainId?: string } }>(
    '/v1/sessions/:address',
    { schema: { params: ADDRESS_PARAMS, querystring: { type: 'object', properties: { ...CLIENT_PARAMS, chainId: CAIP2 } } } },
    async (request): Promise<{ sessions: ListedSiwxSession[] }> => ({
      sessions: await sessions.list(request.project!.id, request.params.address, request.query.chainId)
    })
  )

  app.post<{ Params: { address: string }; Body: { pci: string; signature: string } }>(
    '/v1/sessions/:address/revoke',
    {
      schema: {
        params: ADDRESS_PARAMS,
        querystring: { type: 'object', properties: { ...CLIENT_PARAMS } },
        body: {
          type: 'object',
          required: ['pci', 'signature'],
          additionalProperties: false,
          properties: { pci: { type: 'string', pattern: '^[0-9a-f]{32}$' }, signature: SIGNATURE }
        }
      }
    },
    async (request): Promise<{ revoked: true }> => {
      const project = request.project!
      const { pci, signature } = request.body
      const session = await sessions.find(project.id, pci)
      if (!session) throw new ApiError(404, 'Session not found')
      if (session.addressKey !== addressKey(request.params.address)) throw new ApiError(403, 'Session belongs to another address', 'forbidden')
      if (!sameSignature(session.signature, signature)) throw new ApiError(403, 'Invalid signature', 'forbidden')
      // Revoking twice answers the same: a client retrying after a lost answer is told it is done.
      await sessions.revoke(project.id, pci)
      return { revoked: true }
    }
  )
}

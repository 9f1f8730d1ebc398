import * as v from 'valibot'
import { ClientParamsSchema } from './ClientParams.js'
import { defineEndpoint } from './Endpoint.js'
import { AccountAddressSchema, BitcoinAddressSchema, Caip2Schema, IsoTimeSchema } from './formats.js'

// Sign-in sessions (SIWX, spec §4 and §7): nonces, sessions opened by a signed message, listing and
// revocation.

/** Longest sign-in message accepted, in characters. */
export const MAX_SIWX_MESSAGE_LENGTH = 4000

/**
 * Longest signature accepted, in characters: room for ERC-6492 signatures of undeployed contract
 * wallets, which carry the wallet's deployment call.
 */
export const MAX_SIWX_SIGNATURE_LENGTH = 20_000

/** A signature: hex (`0x…`; EVM, and Solana optionally), base58 (Solana) or base64 (Bitcoin: BIP-322, BIP-137). */
export const SignatureSchema = v.pipe(v.string(), v.minLength(1), v.maxLength(MAX_SIWX_SIGNATURE_LENGTH), v.regex(/^[0-9A-Za-z+/]+={0,2}$/))

/** `POST /v1/sessions/nonce` answer: a single-use nonce (alphanumerics) and when it stops being accepted. */
export const NonceSchema = v.object({ nonce: v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{8,}$/)), expiresAt: IsoTimeSchema })
/** An issued nonce. */
export type Nonce = v.InferOutput<typeof NonceSchema>

/** Body of `POST /v1/sessions`: the signed CAIP-122 message, verbatim, and its signature. */
export const SignInBodySchema = v.strictObject({
  message: v.pipe(v.string(), v.minLength(1), v.maxLength(MAX_SIWX_MESSAGE_LENGTH)),
  signature: SignatureSchema
})

/**
 * A sign-in session, as `POST /v1/sessions` answers it. `signature` is only ever handed back to
 * the one who signed in: it is the secret that proves ownership when revoking.
 */
export const SessionSchema = v.object({
  /** Random id (32 hex digits): the `pci` of a revocation. */
  id: v.string(),
  /** The account, as written in the message. */
  address: v.string(),
  /** CAIP-2 id of the chain, e.g. `eip155:1`. */
  chainId: v.string(),
  domain: v.string(),
  uri: v.string(),
  issuedAt: IsoTimeSchema,
  /** Absent when the message sets no expiry (the session lasts until revoked). */
  expirationTime: v.optional(IsoTimeSchema),
  /** The signed message, verbatim. */
  message: v.string(),
  signature: v.string()
})
/** A sign-in session. */
export type Session = v.InferOutput<typeof SessionSchema>

/** A session token: `wms_` and 43 base64url characters (32 random bytes). */
export const SessionTokenSchema = v.pipe(v.string(), v.regex(/^wms_[A-Za-z0-9_-]{43}$/))

/**
 * `POST /v1/sessions` answer: the session, and its token, which is given out this once (the
 * server keeps only its hash). The token is the credential: it lists the account's sessions and
 * a site's backend verifies it (`POST /v1/sessions/verify`) until `tokenExpiresAt`.
 */
export const SignInSchema = v.object({ session: SessionSchema, token: SessionTokenSchema, tokenExpiresAt: IsoTimeSchema })

/** A session as `GET /v1/sessions/{address}` lists it to a token holder: without its message and signature. */
export const ListedSessionSchema = v.omit(SessionSchema, ['signature', 'message'])
/** A listed session. */
export type ListedSession = v.InferOutput<typeof ListedSessionSchema>

/** Path parameters of the calls about one account: an EVM, Solana or Bitcoin address. */
export const SessionAddressParamsSchema = v.object({ address: v.union([AccountAddressSchema, BitcoinAddressSchema]) })
/** Query of `GET /v1/sessions/{address}`: `chainId` narrows the list to one network. */
export const SessionsQuerySchema = v.object({ ...ClientParamsSchema.entries, chainId: v.optional(Caip2Schema) })
/** `GET /v1/sessions/{address}` answer: the project's live sessions of the address, newest first. */
export const SessionListSchema = v.object({ sessions: v.array(ListedSessionSchema) })

/** Body of `POST /v1/sessions/{address}/revoke`: the session id and the sign-in signature, which proves it is the caller's. */
export const RevokeBodySchema = v.strictObject({ pci: v.pipe(v.string(), v.regex(/^[0-9a-f]{32}$/)), signature: SignatureSchema })
/** `POST /v1/sessions/{address}/revoke` answer (the same when it was already revoked). */
export const RevokedSchema = v.object({ revoked: v.literal(true) })

/** Body of `POST /v1/sessions/verify`: a session token, as a site's backend received it from its page. */
export const VerifyTokenBodySchema = v.strictObject({ token: v.pipe(v.string(), v.maxLength(200)) })
/** `POST /v1/sessions/verify` answer for a live token (anything else is 401). */
export const VerifiedTokenSchema = v.object({
  valid: v.literal(true),
  sessionId: v.string(),
  projectId: v.string(),
  /** The signed-in account, as written in the message. */
  address: v.string(),
  /** CAIP-2 id of the chain signed in on. */
  chainId: v.string(),
  /** When the token stops being accepted. */
  expiresAt: IsoTimeSchema
})
/** What a live token stands for. */
export type VerifiedToken = v.InferOutput<typeof VerifiedTokenSchema>

/**
 * The sign-in session calls, each with `projectId`, `st` and `sv`: `nonce` (no body is read),
 * `signIn`, `sessions` (list; needs `Authorization: Bearer <token>` of a session of that address),
 * `revoke`, and `verify` (for a site's backend).
 */
export const sessionEndpoints = {
  nonce: defineEndpoint({ method: 'POST', path: '/v1/sessions/nonce', query: ClientParamsSchema, response: NonceSchema }),
  signIn: defineEndpoint({ method: 'POST', path: '/v1/sessions', query: ClientParamsSchema, body: SignInBodySchema, response: SignInSchema }),
  sessions: defineEndpoint({
    method: 'GET',
    path: '/v1/sessions/:address',
    params: SessionAddressParamsSchema,
    query: SessionsQuerySchema,
    response: SessionListSchema
  }),
  revoke: defineEndpoint({
    method: 'POST',
    path: '/v1/sessions/:address/revoke',
    params: SessionAddressParamsSchema,
    query: ClientParamsSchema,
    body: RevokeBodySchema,
    response: RevokedSchema
  }),
  verify: defineEndpoint({ method: 'POST', path: '/v1/sessions/verify', query: ClientParamsSchema, body: VerifyTokenBodySchema, response: VerifiedTokenSchema })
} as const

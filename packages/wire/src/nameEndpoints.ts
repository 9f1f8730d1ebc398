import * as v from 'valibot'
import { ClientParamsSchema } from './ClientParams.js'
import { defineEndpoint } from './Endpoint.js'
import { EvmAddressSchema } from './formats.js'

/**
 * Spec §5 / §9: an account name's own part (before the suffix) is letters, digits and hyphens,
 * at least 4 characters. 63 at most, like a DNS label.
 */
export const ACCOUNT_NAME_LABEL = /^[a-z0-9-]{4,63}$/i
/** Spec §9: the shortest account name (its own part, without the suffix). */
export const ACCOUNT_NAME_MIN_LENGTH = 4

/**
 * The coin type (ENSIP-11) under which an EVM chain's addresses are registered:
 * `0x80000000 | chainId`. Spec §5: chain ids from 2147483648 up have none ('Invalid chainId').
 *
 * @example evmCoinType(31337) // 2147514985
 * @throws RangeError for a chain id that is not an integer from 0 to 2147483647
 */
export function evmCoinType(chainId: number): number {
  if (!Number.isInteger(chainId) || chainId < 0 || chainId >= 0x80000000) throw new RangeError('Invalid chainId')
  return (0x80000000 | chainId) >>> 0
}

/**
 * A name with its addresses (by SLIP-44 / ENSIP-11 coin type) and attributes: the shape of
 * `ProfileSchema` with the name always present. Declared here rather than imported, so the
 * modal's first service chunk (the forward lookup) and the names chunk share no module.
 */
export const NamedProfileSchema = v.object({
  name: v.string(),
  addresses: v.record(v.string(), v.object({ address: v.string() })),
  attributes: v.optional(v.nullable(v.record(v.string(), v.unknown())))
})
/** A name's profile, its name present. */
export type NamedProfile = v.InferOutput<typeof NamedProfileSchema>

/** Path parameters of `/v1/profile/reverse/{address}`. */
export const ReverseParamsSchema = v.object({ address: EvmAddressSchema })
/** Query of `/v1/profile/reverse/{address}`: `sender` is the connected account that asks. */
export const ReverseQuerySchema = v.object({
  ...ClientParamsSchema.entries,
  sender: v.optional(EvmAddressSchema),
  apiVersion: v.optional(v.pipe(v.string(), v.maxLength(10)))
})
/** `/v1/profile/reverse/{address}` answer: the names of an address, the one to show first (empty: none). */
export const ReverseSchema = v.array(NamedProfileSchema)

/** Path parameters of `/v1/profile/suggestions/{name}`: the name's own part, or the whole name. */
export const SuggestionsParamsSchema = v.object({ name: v.pipe(v.string(), v.minLength(1), v.maxLength(200)) })
/** Query of `/v1/profile/suggestions/{name}`: `zone` is the suffix without its dot (`reown.id`). */
export const SuggestionsQuerySchema = v.object({ ...ClientParamsSchema.entries, zone: v.optional(v.pipe(v.string(), v.maxLength(100))) })
/** Spec §3 Name suggestion: a whole name and whether it is taken. */
export const NameSuggestionSchema = v.object({ name: v.string(), registered: v.boolean() })
/** A name suggestion. */
export type NameSuggestion = v.InferOutput<typeof NameSuggestionSchema>
/** `/v1/profile/suggestions/{name}` answer: the asked name first (taken or not), then free variants. */
export const SuggestionsSchema = v.object({ suggestions: v.array(NameSuggestionSchema) })

/**
 * What is signed to register a name (spec §7): this JSON, as the exact text signed.
 * `timestamp` is in seconds; the service refuses an old or future one.
 */
export interface NameRegistrationMessage {
  /** The whole name, with the suffix (`alice.reown.id`). */
  name: string
  attributes: Record<string, string>
  timestamp: number
}

/** Body of `POST /v1/profile/account` (spec §7). */
export const RegisterNameBodySchema = v.object({
  /** ENSIP-11 coin type of the signing account's chain (see {@link evmCoinType}), or 60. */
  coin_type: v.union([v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(0xffffffff)), v.pipe(v.string(), v.regex(/^\d{1,10}$/))]),
  address: EvmAddressSchema,
  /** A {@link NameRegistrationMessage} as JSON text: exactly what was signed. */
  message: v.pipe(v.string(), v.minLength(2), v.maxLength(4096)),
  signature: v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{2,4096}$/, 'signature: 0x and hex digits'))
})
/** A registration request. */
export type RegisterNameBody = v.InferOutput<typeof RegisterNameBodySchema>

/**
 * The name service's other calls (spec §7), every one with `projectId`, `st` and `sv`:
 * - `reverse`: the names of an address (the first is what Account shows);
 * - `suggestions`: whether a name is taken, and free variants of it;
 * - `register`: a name for the signing address (the signature over the exact message).
 * The forward lookup is `profileEndpoints.profile`.
 */
export const nameEndpoints = {
  reverse: defineEndpoint({
    method: 'GET',
    path: '/v1/profile/reverse/:address',
    params: ReverseParamsSchema,
    query: ReverseQuerySchema,
    response: ReverseSchema
  }),
  suggestions: defineEndpoint({
    method: 'GET',
    path: '/v1/profile/suggestions/:name',
    params: SuggestionsParamsSchema,
    query: SuggestionsQuerySchema,
    response: SuggestionsSchema
  }),
  register: defineEndpoint({
    method: 'POST',
    path: '/v1/profile/account',
    query: ClientParamsSchema,
    body: RegisterNameBodySchema,
    response: NamedProfileSchema
  })
} as const

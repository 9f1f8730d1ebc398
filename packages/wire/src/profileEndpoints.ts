import * as v from 'valibot'
import { ClientParamsSchema } from './ClientParams.js'
import { defineEndpoint } from './Endpoint.js'

/** SLIP-44 coin type of Ether: the key of EVM addresses in a profile's `addresses`. */
export const ETH_COIN_TYPE = '60'

/** Path parameters of `/v1/profile/account/{name}` (what a plausible name is, the service decides). */
export const ProfileParamsSchema = v.object({ name: v.pipe(v.string(), v.minLength(1), v.maxLength(200)) })
/** Query of `/v1/profile/account/{name}`: `apiVersion` is `2`. */
export const ProfileQuerySchema = v.object({ ...ClientParamsSchema.entries, apiVersion: v.optional(v.pipe(v.string(), v.maxLength(10))) })

/** `/v1/profile/account/{name}` answer: the addresses a name points to, by coin type, and its attributes (`avatar`). */
export const ProfileSchema = v.object({
  name: v.optional(v.string()),
  /** Addresses by SLIP-44 coin type; {@link ETH_COIN_TYPE} is the EVM address. */
  addresses: v.record(v.string(), v.object({ address: v.string() })),
  attributes: v.optional(v.nullable(v.record(v.string(), v.unknown())))
})
/** A name's profile. */
export type Profile = v.InferOutput<typeof ProfileSchema>

/**
 * The forward name lookup (spec §7), with `projectId`, `st` and `sv`; unknown names answer 404.
 * Send resolves every name through it. The rest of the name service is `nameEndpoints`
 * (`nameEndpoints.ts`): apart, so the modal's first service chunk does not carry it.
 */
export const profileEndpoints = {
  profile: defineEndpoint({ method: 'GET', path: '/v1/profile/account/:name', params: ProfileParamsSchema, query: ProfileQuerySchema, response: ProfileSchema })
} as const

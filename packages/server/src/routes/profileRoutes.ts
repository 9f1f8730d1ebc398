import type { FastifyInstance } from 'fastify'
import { getAddress } from 'viem'
import { ApiError } from '../http/ApiError.js'
import { publicUrl } from '../http/publicUrl.js'
import { CLIENT_PARAMS } from '../http/schemas.js'
import type { RouteContext } from './RouteContext.js'

/** SLIP-44 coin type of Ether: the key of EVM addresses in a profile's `addresses`. */
export const ETH_COIN_TYPE = '60'

/** What a plausible account name looks like (compared case-insensitively). */
const NAME_PATTERN = /^[a-z0-9.-]{1,100}$/

/** The answer of `/v1/profile/account/{name}`. */
export interface ProfileAccount {
  name: string
  /** Addresses by coin type; `"60"` is the EVM address. */
  addresses: Record<string, { address: string }>
  attributes: { avatar?: string }
}

/**
 * The forward name lookup of spec §7: `GET /v1/profile/account/{name}` (`apiVersion=2`) answers
 * the address and avatar registered for a name, from the configured identities (the same table
 * `/v1/identity/{address}` reads). Unknown names answer 404, names that cannot be one 400.
 *
 * @param app - The Fastify instance.
 * @param ctx - Shared configuration and storage.
 */
export function profileRoutes(app: FastifyInstance, ctx: RouteContext): void {
  app.get<{ Params: { name: string }; Querystring: { apiVersion?: string } }>(
    '/v1/profile/account/:name',
    {
      schema: {
        params: { type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 200 } } },
        querystring: { type: 'object', properties: { ...CLIENT_PARAMS, apiVersion: { type: 'string', maxLength: 10 } } }
      }
    },
    async (request): Promise<ProfileAccount> => {
      const name = request.params.name.toLowerCase()
      if (!NAME_PATTERN.test(name)) throw new ApiError(400, 'Invalid name: 1-100 characters of a-z, 0-9, "." and "-"')
      const result = await ctx.store.query<{ address: string; name: string; avatar: string | null }>(
        // Several addresses may carry one name in the configuration; the answer must not vary.
        'SELECT address, name, avatar FROM identities WHERE lower(name) = $1 ORDER BY address LIMIT 1',
        [name]
      )
      const identity = result.rows[0]
      if (!identity) throw new ApiError(404, `Name not found: ${name}`)
      const avatar = identity.avatar?.startsWith('/') ? publicUrl(request, identity.avatar, ctx.publicUrl) : identity.avatar
      return {
        name: identity.name,
        addresses: { [ETH_COIN_TYPE]: { address: getAddress(identity.address) } },
        attributes: avatar ? { avatar } : {}
      }
    }
  )
}

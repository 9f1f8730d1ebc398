import type { FastifyInstance } from 'fastify'
import { getAddress } from 'viem'
import { ETH_COIN_TYPE, profileEndpoints, type Profile } from '@wallet-modal/wire'
import { ApiError } from '../http/ApiError.js'
import { publicUrl } from '../http/publicUrl.js'
import { serveEndpoint } from '../http/serveEndpoint.js'
import type { RouteContext } from './RouteContext.js'

/** What a plausible account name looks like (compared case-insensitively). */
const NAME_PATTERN = /^[a-z0-9.-]{1,100}$/

/**
 * The answer of `/v1/profile/account/{name}` as this server writes it: always the name, one EVM
 * address (coin type `"60"`) and the avatar when there is one.
 */
export type ProfileAccount = Profile & { name: string; attributes: { avatar?: string } }

/**
 * The forward name lookup of spec §7 (`profileEndpoints.profile` of the wire contract):
 * `GET /v1/profile/account/{name}` (`apiVersion=2`) answers the address and avatar registered for
 * a name, from the configured identities (the same table `/v1/identity/{address}` reads). Unknown
 * names answer 404, names that cannot be one 400.
 *
 * @param app - The Fastify instance.
 * @param ctx - Shared configuration and storage.
 */
export function profileRoutes(app: FastifyInstance, ctx: RouteContext): void {
  serveEndpoint(app, profileEndpoints.profile, {}, async (request): Promise<ProfileAccount> => {
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
  })
}

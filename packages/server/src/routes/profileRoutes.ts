import type { FastifyInstance, FastifyRequest } from 'fastify'
import { getAddress, type Address } from 'viem'
import { ETH_COIN_TYPE, nameEndpoints, profileEndpoints, type Profile } from '@wallet-modal/wire'
import { ApiError } from '../http/ApiError.js'
import { publicUrl } from '../http/publicUrl.js'
import { serveEndpoint } from '../http/serveEndpoint.js'
import type { RouteContext } from './RouteContext.js'

/** What a plausible account name looks like (compared case-insensitively). */
const NAME_PATTERN = /^[a-z0-9.-]{1,100}$/

/**
 * The answer of `/v1/profile/account/{name}` as this server writes it: always the name, the EVM
 * address (coin type `"60"`, and the coin type a registration was signed for) and the attributes.
 */
export type ProfileAccount = Profile & { name: string }

/**
 * The name service of spec §7 (`profileEndpoints` and `nameEndpoints` of the wire contract):
 * - `GET /v1/profile/account/{name}` (`apiVersion=2`): a name registered here (under the
 *   operator's suffix or a legacy one), else a configured identity's name (the table
 *   `/v1/identity/{address}` reads); unknown names answer 404, names that cannot be one 400;
 * - `GET /v1/profile/reverse/{address}`: the address's names, registered ones first;
 * - `GET /v1/profile/suggestions/{name}` (`zone`): whether a name is taken, and free variants;
 * - `POST /v1/profile/account`: registers a name for the address that signed for it
 *   (`NameService.register`), limited per client by the `names` rate group.
 *
 * @param app - The Fastify instance.
 * @param ctx - Shared configuration, storage and the name service.
 */
export function profileRoutes(app: FastifyInstance, ctx: RouteContext): void {
  /** The configured identity of `where` (a name or an address), as a profile. */
  const identity = async (request: Parameters<typeof publicUrl>[0], where: { name: string } | { address: string }): Promise<ProfileAccount | undefined> => {
    const result = await ctx.store.query<{ address: string; name: string; avatar: string | null }>(
      // Several addresses may carry one name in the configuration; the answer must not vary.
      'name' in where
        ? 'SELECT address, name, avatar FROM identities WHERE lower(name) = $1 ORDER BY address LIMIT 1'
        : 'SELECT address, name, avatar FROM identities WHERE address = $1 LIMIT 1',
      ['name' in where ? where.name : where.address.toLowerCase()]
    )
    const row = result.rows[0]
    if (!row) return undefined
    const avatar = row.avatar?.startsWith('/') ? publicUrl(request, row.avatar, ctx.publicUrl) : row.avatar
    return { name: row.name, addresses: { [ETH_COIN_TYPE]: { address: getAddress(row.address) } }, attributes: avatar ? { avatar } : {} }
  }

  serveEndpoint(app, profileEndpoints.profile, {}, async (request): Promise<ProfileAccount> => {
    const name = request.params.name.toLowerCase()
    if (!NAME_PATTERN.test(name)) throw new ApiError(400, 'Invalid name: 1-100 characters of a-z, 0-9, "." and "-"')
    const found = (await ctx.names.lookup(name)) ?? (await identity(request, { name })) ?? (await ensProfile(name, request))
    if (!found) throw new ApiError(404, `Name not found: ${name}`)
    return found
  })

  /** The address's ENS primary name (checked forward) as a profile; none when ENS is off or fails (a name is a nicety here). */
  const ensName = async (address: Address, request: FastifyRequest): Promise<ProfileAccount | undefined> => {
    if (!ctx.ens) return undefined
    try {
      const name = await ctx.ens.name(address)
      return name ? await ensProfile(name, request) : undefined
    } catch (err) {
      request.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'ENS reverse lookup failed')
      return undefined
    }
  }

  /** The name on ENS, when ENS is on and the name is not under this service's suffixes. */
  const ensProfile = async (name: string, request: FastifyRequest): Promise<ProfileAccount | undefined> => {
    if (!ctx.ens || [ctx.names.suffix, ...ctx.names.legacySuffixes].some(suffix => name.endsWith(suffix))) return undefined
    try {
      const profile = await ctx.ens.profile(name)
      if (!profile) return undefined
      return { name: profile.name, addresses: { [ETH_COIN_TYPE]: { address: profile.address } }, attributes: profile.avatar ? { avatar: profile.avatar } : {} }
    } catch (err) {
      // Spec §8: the modal shows a service's reason. Not the node's error: it may name the
      // upstream URL, and with it the operator's RPC key.
      request.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'ENS lookup failed')
      throw new ApiError(502, 'ENS is unavailable: its node did not answer, try again')
    }
  }

  serveEndpoint(app, nameEndpoints.reverse, {}, async request => {
    const configured = (await identity(request, { address: request.params.address })) ?? (await ensName(request.params.address as Address, request))
    return [...(await ctx.names.reverse(request.params.address)), ...(configured ? [configured] : [])]
  })

  serveEndpoint(app, nameEndpoints.suggestions, {}, async request => ({ suggestions: await ctx.names.suggestions(request.params.name, request.query.zone) }))

  serveEndpoint(app, nameEndpoints.register, {}, async request => ctx.names.register(request.body))
}

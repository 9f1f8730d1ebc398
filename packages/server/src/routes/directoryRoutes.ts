import type { FastifyInstance } from 'fastify'
import { directoryEndpoints } from '@wallet-modal/wire'
import { publicUrl } from '../http/publicUrl.js'
import { serveEndpoint } from '../http/serveEndpoint.js'
import { activeWalletTable, queryWallets } from '../wallets/queryWallets.js'
import type { RouteContext } from './RouteContext.js'

/**
 * The wallet directory service of spec §7 (`directoryEndpoints` of the wire contract):
 * `/getWallets` (paged, filtered, searched, from the `wallets` table, or from `registry_wallets`
 * once the public registry has been synced), and a project's remote
 * configuration: `/appkit/v1/config`, `/projects/v1/origins`, `/getAnalyticsConfig`.
 *
 * @param app - The Fastify instance.
 * @param ctx - Shared configuration and storage.
 */
export function directoryRoutes(app: FastifyInstance, ctx: RouteContext): void {
  serveEndpoint(app, directoryEndpoints.getWallets, {}, async request => {
    const { page, entries, include, exclude, chains, search, badge_type } = request.query
    const table = await activeWalletTable(ctx.store)
    const { data, count } = await queryWallets(ctx.store, { page, entries, include, exclude, chains, search: search?.trim() || undefined, badge_type }, table)
    return {
      data: data.map(wallet => ({
        ...wallet,
        image_url: publicUrl(request, `/getWalletImage/${encodeURIComponent(wallet.image_id)}`, ctx.publicUrl)
      })),
      count
    }
  })

  serveEndpoint(app, directoryEndpoints.projectConfig, {}, async request => ({
    features: [
      ...(request.project?.features ?? []).map(f => {
        // E-mail login needs the secure site: the modal learns its origin here; without one
        // running the feature is off, whatever the project says.
        if (f.id === 'email')
          return {
            id: f.id,
            isEnabled: f.isEnabled && !!ctx.secureSiteUrl,
            config: f.isEnabled && ctx.secureSiteUrl ? { secureSiteUrl: ctx.secureSiteUrl } : null
          }
        // Socials: the project's list (its order) cut to the providers the secure site is a client of.
        if (f.id === 'socials') {
          const offered =
            Array.isArray(f.config) && ctx.secureSiteUrl ? f.config.filter((s): s is string => typeof s === 'string' && !!ctx.socials?.includes(s)) : []
          return { id: f.id, isEnabled: f.isEnabled && offered.length > 0, config: f.isEnabled && offered.length ? offered : null }
        }
        return { id: f.id, isEnabled: f.isEnabled, config: f.config ?? null }
      }),
      // Where the embedded wallet lives, for social logins even when e-mail login is off.
      ...(ctx.secureSiteUrl ? [{ id: 'secureSite', isEnabled: true, config: { url: ctx.secureSiteUrl } }] : []),
      // The name service's suffix: the modal registers names under it and recognises them in Send.
      { id: 'nameService', isEnabled: true, config: { suffix: ctx.names.suffix, legacySuffixes: ctx.names.legacySuffixes } }
    ]
  }))

  serveEndpoint(app, directoryEndpoints.allowedOrigins, {}, async request => ({ allowedOrigins: request.project?.allowedOrigins ?? [] }))

  serveEndpoint(app, directoryEndpoints.analyticsConfig, {}, async request => ({
    isAnalyticsEnabled: request.project?.analyticsEnabled ?? ctx.config.analyticsEnabled ?? false
  }))
}

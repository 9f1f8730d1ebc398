import type { FastifyInstance } from 'fastify'
import { directoryEndpoints } from '@wallet-modal/wire'
import { publicUrl } from '../http/publicUrl.js'
import { serveEndpoint } from '../http/serveEndpoint.js'
import { queryWallets } from '../wallets/queryWallets.js'
import type { RouteContext } from './RouteContext.js'

/**
 * The wallet directory service of spec §7 (`directoryEndpoints` of the wire contract):
 * `/getWallets` (paged, filtered, searched, from the `wallets` table), and a project's remote
 * configuration: `/appkit/v1/config`, `/projects/v1/origins`, `/getAnalyticsConfig`.
 *
 * @param app - The Fastify instance.
 * @param ctx - Shared configuration and storage.
 */
export function directoryRoutes(app: FastifyInstance, ctx: RouteContext): void {
  serveEndpoint(app, directoryEndpoints.getWallets, {}, async request => {
    const { page, entries, include, exclude, chains, search, badge_type } = request.query
    const { data, count } = await queryWallets(ctx.store, { page, entries, include, exclude, chains, search: search?.trim() || undefined, badge_type })
    return {
      data: data.map(wallet => ({
        ...wallet,
        image_url: publicUrl(request, `/getWalletImage/${encodeURIComponent(wallet.image_id)}`, ctx.publicUrl)
      })),
      count
    }
  })

  serveEndpoint(app, directoryEndpoints.projectConfig, {}, async request => ({
    features: (request.project?.features ?? []).map(f =>
      // E-mail login needs the secure site: the modal learns its origin here; without one running
      // the feature is off, whatever the project says.
      f.id === 'email'
        ? { id: f.id, isEnabled: f.isEnabled && !!ctx.secureSiteUrl, config: f.isEnabled && ctx.secureSiteUrl ? { secureSiteUrl: ctx.secureSiteUrl } : null }
        : { id: f.id, isEnabled: f.isEnabled, config: f.config ?? null }
    )
  }))

  serveEndpoint(app, directoryEndpoints.allowedOrigins, {}, async request => ({ allowedOrigins: request.project?.allowedOrigins ?? [] }))

  serveEndpoint(app, directoryEndpoints.analyticsConfig, {}, async request => ({
    isAnalyticsEnabled: request.project?.analyticsEnabled ?? ctx.config.analyticsEnabled ?? false
  }))
}

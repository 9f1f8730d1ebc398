import type { FastifyInstance } from 'fastify'
import { CLIENT_PARAMS, commaList } from '../http/schemas.js'
import { publicUrl } from '../http/publicUrl.js'
import { queryWallets } from '../wallets/queryWallets.js'
import type { RouteContext } from './RouteContext.js'

const WALLET_ID = '[A-Za-z0-9._-]{1,100}'
const CHAIN_OR_NAMESPACE = '[-a-z0-9]{3,8}(:[-_a-zA-Z0-9]{1,32})?'

interface GetWalletsQuery {
  page: number
  entries: number
  include?: string
  exclude?: string
  chains?: string
  search?: string
  badge_type?: 'none' | 'certified'
}

const split = (list?: string): string[] => (list ? list.split(',') : [])

/**
 * The wallet directory service of spec §7: `/getWallets` (paged, filtered, searched, from the
 * `wallets` table), and a project's remote configuration: `/appkit/v1/config`,
 * `/projects/v1/origins`, `/getAnalyticsConfig`.
 *
 * @param app - The Fastify instance.
 * @param ctx - Shared configuration and storage.
 */
export function directoryRoutes(app: FastifyInstance, ctx: RouteContext): void {
  app.get<{ Querystring: GetWalletsQuery }>(
    '/getWallets',
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['page', 'entries'],
          properties: {
            ...CLIENT_PARAMS,
            page: { type: 'integer', minimum: 1, maximum: 100_000 },
            entries: { type: 'integer', minimum: 1, maximum: 100 },
            include: commaList(WALLET_ID, 100),
            exclude: commaList(WALLET_ID, 100),
            chains: commaList(CHAIN_OR_NAMESPACE, 50),
            search: { type: 'string', maxLength: 100 },
            badge_type: { type: 'string', enum: ['none', 'certified'] }
          }
        }
      }
    },
    async request => {
      const q = request.query
      const { data, count } = await queryWallets(ctx.store, {
        page: q.page,
        entries: q.entries,
        include: split(q.include),
        exclude: split(q.exclude),
        chains: split(q.chains),
        search: q.search?.trim() || undefined,
        badgeType: q.badge_type
      })
      return {
        data: data.map(wallet => ({
          ...wallet,
          image_url: publicUrl(request, `/getWalletImage/${encodeURIComponent(wallet.image_id)}`, ctx.publicUrl)
        })),
        count
      }
    }
  )

  app.get('/appkit/v1/config', async request => ({
    features: (request.project?.features ?? []).map(f => ({ id: f.id, isEnabled: f.isEnabled, config: f.config ?? null }))
  }))

  app.get('/projects/v1/origins', async request => ({ allowedOrigins: request.project?.allowedOrigins ?? [] }))

  app.get('/getAnalyticsConfig', async request => ({
    isAnalyticsEnabled: request.project?.analyticsEnabled ?? ctx.config.analyticsEnabled ?? false
  }))
}

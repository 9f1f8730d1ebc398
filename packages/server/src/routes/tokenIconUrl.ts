import type { FastifyRequest } from 'fastify'
import { publicUrl } from '../http/publicUrl.js'
import type { RouteContext } from './RouteContext.js'

/**
 * A token's icon URL for an answer: the configured one, else this server's
 * `/public/getTokenImage/{symbol}`, absolute for the caller.
 *
 * @param ctx - The routes' context (its `publicUrl` when behind a proxy).
 * @param request - The request being answered (its host, when no `publicUrl`).
 */
export const tokenIconUrl =
  (ctx: RouteContext, request: FastifyRequest) =>
  (symbol: string, configured?: string): string =>
    configured ?? publicUrl(request, `/public/getTokenImage/${encodeURIComponent(symbol)}`, ctx.publicUrl)

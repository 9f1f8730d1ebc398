import type { FastifyInstance, FastifyReply } from 'fastify'
import { directoryEndpoints } from '@wallet-modal/wire'
import { ApiError } from '../http/ApiError.js'
import { serveEndpoint } from '../http/serveEndpoint.js'
import type { ImageKind } from '../images/ImageCatalogue.js'
import { initialsOf, renderTileSvg } from '../images/renderTileSvg.js'
import { activeWalletTable, findWalletByImageId } from '../wallets/queryWallets.js'
import type { RouteContext } from './RouteContext.js'

/**
 * Headers of every image answer. SVG is a document that could script: the CSP forbids anything
 * but inline styles even when the image is opened directly, and nosniff stops a browser from
 * reading it as something else.
 */
const IMAGE_HEADERS = {
  'content-type': 'image/svg+xml',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  'x-content-type-options': 'nosniff',
  'cache-control': 'public, max-age=86400'
} as const

function sendSvg<R extends FastifyReply>(reply: R, svg: string): R {
  return reply.headers(IMAGE_HEADERS).send(svg) as R
}

/**
 * The image endpoints of spec §7: `/getWalletImage/{id}` (wallet image ids of the directory),
 * `/public/getAssetImage/{id}` (networks, namespaces, avatars), `/public/getCurrencyImage/{id}`
 * (fiat codes) and `/public/getTokenImage/{id}` (token symbols). Every image is a generated SVG,
 * but for the synced registry's wallet images, served from their stored bytes (PNG, JPEG, WebP or
 * SVG); unknown ids answer 404 JSON.
 *
 * @param app - The Fastify instance.
 * @param ctx - Shared configuration and storage.
 */
export function imageRoutes(app: FastifyInstance, ctx: RouteContext): void {
  serveEndpoint(app, directoryEndpoints.walletImage, {}, async (request, reply) => {
    const wallet = await findWalletByImageId(ctx.store, request.params.id, await activeWalletTable(ctx.store))
    if (!wallet) throw new ApiError(404, `Unknown wallet image id: ${request.params.id}`)
    // A synced registry image: its stored bytes, under the same headers (an SVG gets the same
    // no-script CSP; the type was checked against the bytes when it was fetched).
    if (wallet.image) return reply.headers({ ...IMAGE_HEADERS, 'content-type': wallet.image.contentType }).send(wallet.image.bytes)
    return sendSvg(reply, renderTileSvg(initialsOf(wallet.name), request.params.id))
  })

  const catalogueImage = (endpoint: Omit<typeof directoryEndpoints.assetImage, 'path'> & { path: string }, kind: ImageKind): void => {
    serveEndpoint(app, endpoint, {}, async (request, reply) => {
      const spec = ctx.images.get(kind, request.params.id)
      if (!spec) throw new ApiError(404, `Unknown ${kind} image id: ${request.params.id}`)
      return sendSvg(reply, renderTileSvg(spec.label, `${kind}:${request.params.id.toUpperCase()}`, spec.shape))
    })
  }
  catalogueImage(directoryEndpoints.assetImage, 'asset')
  catalogueImage(directoryEndpoints.currencyImage, 'currency')
  catalogueImage(directoryEndpoints.tokenImage, 'token')
}

import type { FastifyInstance } from 'fastify'
import { historyEndpoints } from '@wallet-modal/wire'
import { ApiError } from '../http/ApiError.js'
import { publicUrl } from '../http/publicUrl.js'
import { serveEndpoint } from '../http/serveEndpoint.js'
import { ActivityTable } from '../history/ActivityTable.js'
import { decodeHistoryCursor, encodeHistoryCursor } from '../history/historyCursor.js'
import { toHistoryTransaction, type HistoryTransaction } from '../history/toHistoryTransaction.js'
import type { RouteContext } from './RouteContext.js'

/** Transactions per page of the feed when `history.pageSize` is not configured. */
export const DEFAULT_HISTORY_PAGE_SIZE = 20

/** The answer of `/v1/account/{account}/history`, as this server writes it. */
export interface HistoryPage {
  /** Newest first. */
  data: HistoryTransaction[]
  /** Cursor of the next page; null on the last one. */
  next: string | null
}

/**
 * The activity feed of spec §7 (`historyEndpoints.history` of the wire contract):
 * `GET /v1/account/{account}/history`, the transactions of an EVM account that the history
 * indexer has stored, newest first, a page at a time (`cursor` from the previous page's `next`).
 * `chainId` narrows it to one eip155 chain; without it every configured eip155 chain is included.
 *
 * `onramp` asks for the purchases of an on-ramp provider instead. This server records none, so
 * `onramp=coinbase` (the provider the on-ramp views will ask about) is always an empty page; any
 * other value names no provider it knows and is ignored.
 *
 * @param app - The Fastify instance.
 * @param ctx - Shared configuration and storage.
 */
export function historyRoutes(app: FastifyInstance, ctx: RouteContext): void {
  const table = new ActivityTable(ctx.store)
  const pageSize = ctx.config.history?.pageSize ?? DEFAULT_HISTORY_PAGE_SIZE
  const evmChainIds = [...ctx.chains.keys()].filter(id => id.startsWith('eip155:'))

  serveEndpoint(app, historyEndpoints.history, {}, async (request): Promise<HistoryPage> => {
    const { chainId, cursor, onramp } = request.query
    if (chainId !== undefined && !evmChainIds.includes(chainId)) throw new ApiError(400, `Network not supported for activity: ${chainId}`)
    const after = cursor ? decodeHistoryCursor(cursor) : undefined
    if (cursor && !after) throw new ApiError(400, 'Invalid cursor: pass the next value of a previous page')
    if (onramp === 'coinbase') return { data: [], next: null }

    const account = request.params.account.toLowerCase()
    const transactions = await table.page({ account, chainIds: chainId ? [chainId] : evmChainIds, after, limit: pageSize + 1 })
    const page = transactions.slice(0, pageSize)
    const iconUrl = (symbol: string, configured?: string) =>
      configured ?? (ctx.images.get('token', symbol) ? publicUrl(request, `/public/getTokenImage/${encodeURIComponent(symbol)}`, ctx.publicUrl) : undefined)
    return {
      data: page.map(tx => toHistoryTransaction(tx, account, ctx.chains.get(tx.cursor.chainId)!, ctx.prices, iconUrl)),
      next: transactions.length > pageSize ? encodeHistoryCursor(page.at(-1)!.cursor) : null
    }
  })
}

import type { FastifyInstance } from 'fastify'
import { historyEndpoints } from '@wallet-modal/wire'
import { ApiError } from '../http/ApiError.js'
import { publicUrl } from '../http/publicUrl.js'
import { serveEndpoint } from '../http/serveEndpoint.js'
import { ActivityTable } from '../history/ActivityTable.js'
import { decodeHistoryCursor, encodeHistoryCursor } from '../history/historyCursor.js'
import { toHistoryTransaction, type HistoryTransaction } from '../history/toHistoryTransaction.js'
import { OnRampPurchases } from '../onramp/OnRampPurchases.js'
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
 * `onramp` asks for the purchases of one on-ramp provider instead: the transactions its signed
 * webhook reported (`POST /v1/onramp/webhook/{provider}`). In every page such a transaction reads
 * `operationType: 'buy'` with the provider in `metadata.onramp`.
 *
 * @param app - The Fastify instance.
 * @param ctx - Shared configuration and storage.
 */
export function historyRoutes(app: FastifyInstance, ctx: RouteContext): void {
  const table = new ActivityTable(ctx.store)
  const purchases = new OnRampPurchases(ctx.store)
  const pageSize = ctx.config.history?.pageSize ?? DEFAULT_HISTORY_PAGE_SIZE
  const evmChainIds = [...ctx.chains.keys()].filter(id => id.startsWith('eip155:'))

  serveEndpoint(app, historyEndpoints.history, {}, async (request): Promise<HistoryPage> => {
    const { chainId, cursor, onramp } = request.query
    if (chainId !== undefined && !evmChainIds.includes(chainId)) throw new ApiError(400, `Network not supported for activity: ${chainId}`)
    const after = cursor ? decodeHistoryCursor(cursor) : undefined
    if (cursor && !after) throw new ApiError(400, 'Invalid cursor: pass the next value of a previous page')

    const account = request.params.account.toLowerCase()
    const transactions = await table.page({ account, chainIds: chainId ? [chainId] : evmChainIds, after, limit: pageSize + 1, boughtFrom: onramp })
    const page = transactions.slice(0, pageSize)
    const iconUrl = (symbol: string, configured?: string) =>
      configured ?? (ctx.images.get('token', symbol) ? publicUrl(request, `/public/getTokenImage/${encodeURIComponent(symbol)}`, ctx.publicUrl) : undefined)
    const bought = await purchases.providersOf(page.map(tx => ({ chainId: tx.cursor.chainId, txHash: tx.rows[0]!.txHash })))
    return {
      data: page.map(tx => {
        const shaped = toHistoryTransaction(tx, account, ctx.chains.get(tx.cursor.chainId)!, ctx.prices, iconUrl)
        const provider = bought.get(`${tx.cursor.chainId}|${tx.rows[0]!.txHash.toLowerCase()}`)
        return provider ? { ...shaped, metadata: { ...shaped.metadata, operationType: 'buy', onramp: provider } } : shaped
      }),
      next: transactions.length > pageSize ? encodeHistoryCursor(page.at(-1)!.cursor) : null
    }
  })
}

import type { FastifyInstance } from 'fastify'
import { historyEndpoints } from '@wallet-modal/wire'
import { ApiError } from '../http/ApiError.js'
import { publicUrl } from '../http/publicUrl.js'
import { serveEndpoint } from '../http/serveEndpoint.js'
import type { ActivityTransaction } from '../history/ActivityTable.js'
import { createHistoryProviders } from '../history/createHistoryProviders.js'
import { IndexerHistoryProvider } from '../history/IndexerHistoryProvider.js'
import { mergeHistoryPages, type HistoryProvider } from '../history/HistoryProvider.js'
import { decodeHistoryCursor, encodeHistoryCursor, type HistoryCursor } from '../history/historyCursor.js'
import { knownTokens } from '../history/knownTokens.js'
import { toHistoryTransaction, type HistoryTransaction } from '../history/toHistoryTransaction.js'
import { namesOf } from '../names/namesOf.js'
import { OnRampPurchases } from '../onramp/OnRampPurchases.js'
import type { RouteContext } from './RouteContext.js'

/** Transactions per page of the feed when `history.pageSize` is not configured. */
export const DEFAULT_HISTORY_PAGE_SIZE = 20

/**
 * Most times one request asks its sources again to fill a page: an explorer API may answer fewer
 * transactions than asked (it reads a bounded number of rows per call), and a page is filled
 * rather than sent short.
 */
const MAX_ROUNDS = 3

/** The answer of `/v1/account/{account}/history`, as this server writes it. */
export interface HistoryPage {
  /** Newest first. */
  data: HistoryTransaction[]
  /** Cursor of the next page; null on the last one. */
  next: string | null
}

/**
 * The activity feed of spec §7 (`historyEndpoints.history` of the wire contract):
 * `GET /v1/account/{account}/history`, the transactions of an EVM account, newest first, a page at
 * a time (`cursor` from the previous page's `next`). `chainId` narrows it to one eip155 chain;
 * without it every configured eip155 chain is included, merged in time order.
 *
 * Each chain's history comes from its source (`history/HistoryProvider.ts`): the history indexer's
 * table for the chains it follows, an explorer API (Etherscan V2, Blockscout; the
 * `historyProviders` config) for the chains named there; every source's rows go through the same
 * spam rules and are shaped the same way (`toHistoryTransaction`), with the tokens the balance
 * answer knows (configured or on a token list) as the verified ones. An explorer that fails answers
 * its `HistoryProviderError` (502, 503 or 504 with a reason), the indexer's chains unaffected
 * when asked alone.
 *
 * `onramp` asks for the purchases of one on-ramp provider instead: the transactions its signed
 * webhook reported (`POST /v1/onramp/webhook/{provider}`), on the indexer's chains. In every page
 * such a transaction reads `operationType: 'buy'` with the provider in `metadata.onramp`.
 *
 * @param app - The Fastify instance.
 * @param ctx - Shared configuration and storage.
 */
export function historyRoutes(app: FastifyInstance, ctx: RouteContext): void {
  const purchases = new OnRampPurchases(ctx.store)
  const pageSize = ctx.config.history?.pageSize ?? DEFAULT_HISTORY_PAGE_SIZE
  const evmChainIds = [...ctx.chains.keys()].filter(id => id.startsWith('eip155:'))
  const providers = createHistoryProviders({ chains: [...ctx.chains.values()], historyProviders: ctx.config.historyProviders }, ctx.store)
  const indexer = new IndexerHistoryProvider(ctx.store)
  const providerOf = (chainId: string): HistoryProvider => providers.get(chainId) ?? indexer
  /** Chains whose position the cursor keeps: those an explorer API serves. */
  const positioned = new Set(evmChainIds.filter(id => !(providerOf(id) instanceof IndexerHistoryProvider)))

  serveEndpoint(app, historyEndpoints.history, {}, async (request): Promise<HistoryPage> => {
    const { chainId, cursor, onramp } = request.query
    if (chainId !== undefined && !evmChainIds.includes(chainId)) throw new ApiError(400, `Network not supported for activity: ${chainId}`)
    let after = cursor ? decodeHistoryCursor(cursor) : undefined
    if (cursor && !after) throw new ApiError(400, 'Invalid cursor: pass the next value of a previous page')

    const account = request.params.account.toLowerCase()
    // One query per source, each with its chains.
    const sources = new Map<HistoryProvider, string[]>()
    for (const id of chainId ? [chainId] : evmChainIds) sources.set(providerOf(id), [...(sources.get(providerOf(id)) ?? []), id])

    const page: ActivityTransaction[] = []
    let next: HistoryCursor | null = null
    for (let round = 0; round < MAX_ROUNDS && page.length < pageSize; round++) {
      const limit = pageSize - page.length
      const answers = await Promise.all([...sources].map(([provider, chainIds]) => provider.page({ account, chainIds, after, limit, boughtFrom: onramp })))
      const merged = mergeHistoryPages(answers, limit)
      page.push(...merged.transactions)
      next = merged.until ? { ...merged.until, positions: positionsAfter(after, merged.transactions, positioned) } : null
      if (!next) break
      after = next
    }

    const iconUrl = (symbol: string, configured?: string) =>
      configured ?? (ctx.images.get('token', symbol) ? publicUrl(request, `/public/getTokenImage/${encodeURIComponent(symbol)}`, ctx.publicUrl) : undefined)
    const bought = await purchases.providersOf(page.map(tx => ({ chainId: tx.cursor.chainId, txHash: tx.rows[0]!.txHash })))
    const shapedPage = page.map((tx): HistoryTransaction => {
      const chain = ctx.chains.get(tx.cursor.chainId)!
      const shaped = toHistoryTransaction(tx, account, chain, knownTokens(chain, ctx.tokenLists), ctx.prices, iconUrl)
      const provider = bought.get(`${tx.cursor.chainId}|${tx.rows[0]!.txHash.toLowerCase()}`)
      return provider ? { ...shaped, metadata: { ...shaped.metadata, operationType: 'buy' as const, onramp: provider } } : shaped
    })
    // Counterparts by name (configured identity, else ENS), as the button and Account name accounts.
    const names = await namesOf(
      ctx.store,
      ctx.ens,
      shapedPage.flatMap(tx => [tx.metadata.sentFrom, tx.metadata.sentTo ?? ''])
    )
    return {
      data: shapedPage.map(tx => {
        const from = names.get(tx.metadata.sentFrom.toLowerCase())
        const to = tx.metadata.sentTo ? names.get(tx.metadata.sentTo.toLowerCase()) : undefined
        return from || to ? { ...tx, metadata: { ...tx.metadata, ...(from ? { sentFromName: from } : {}), ...(to ? { sentToName: to } : {}) } } : tx
      }),
      next: next ? encodeHistoryCursor(next) : null
    }
  })
}

/**
 * Where each explorer-served chain stands after a page: the block of its last listed transaction
 * (all its unlisted ones are at or below it), else where the previous cursor had it.
 */
function positionsAfter(after: HistoryCursor | undefined, listed: readonly ActivityTransaction[], positioned: ReadonlySet<string>): Record<string, number> {
  const positions: Record<string, number> = Object.fromEntries(Object.entries(after?.positions ?? {}).filter(([id]) => positioned.has(id)))
  if (after && positioned.has(after.chainId)) positions[after.chainId] = after.blockNumber
  for (const tx of listed) if (positioned.has(tx.cursor.chainId)) positions[tx.cursor.chainId] = tx.cursor.blockNumber
  return positions
}

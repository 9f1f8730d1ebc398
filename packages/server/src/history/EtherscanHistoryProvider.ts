import type { ChainConfig } from '../config/ServerConfig.js'
import { CircuitBreaker } from '../prices/CircuitBreaker.js'
import type { ActivityTransaction, StoredActivity } from './ActivityTable.js'
import { NATIVE_LOG_INDEX } from './extractActivity.js'
import { readExplorerTokenTransfer, readExplorerTransaction, rowPlace, type ExplorerTokenTransfer, type ExplorerTransaction } from './explorerRows.js'
import { EXPLORER_MAX_BYTES, fetchExplorerRows } from './fetchExplorerRows.js'
import { mergeHistoryPages, type HistoryProvider, type HistoryQuery, type HistorySourcePage } from './HistoryProvider.js'
import { HistoryProviderError } from './HistoryProviderError.js'
import { compareFeedKeys, type HistoryCursor } from './historyCursor.js'
import { isPoisoningTransfer, listsTransaction } from './spamRules.js'

/** Etherscan's V2 multichain API root. */
export const ETHERSCAN_V2_URL = 'https://api.etherscan.io/v2/api'

/** Default rows asked per call (`offset`). */
export const DEFAULT_EXPLORER_PAGE_SIZE = 100

/** Default time each call gets for its whole answer. */
export const DEFAULT_EXPLORER_TIMEOUT_MS = 5000

/** Etherscan's documented window: `page` × `offset` may not pass 10,000 rows. */
export const EXPLORER_MAX_WINDOW = 10_000

/** Most calls one chain's page makes (both lists, first pages included). */
const MAX_CALLS_PER_PAGE = 6

/**
 * Stands for the sender of a transaction the explorer listed only through its token transfers
 * (someone else sent it: `txlist` has every transaction the account sent). Never the account, so
 * the spam rules treat it as a third party; never shown (such a transaction is listed only for a
 * transfer it shows).
 */
export const UNKNOWN_SENDER = '0x0000000000000000000000000000000000000000'

/** Options of {@link EtherscanHistoryProvider}. */
export interface EtherscanHistoryOptions {
  /** For messages and {@link HistoryProvider.name}: `etherscan`, `blockscout`. */
  name?: string
  /** Label of the source in reasons (`Etherscan`, `Blockscout`); default from `name`. */
  label?: string
  /** API root: Etherscan V2's (default {@link ETHERSCAN_V2_URL}), a Blockscout instance's `/api`, a stand-in's. */
  baseUrl?: string
  /** The operator's API key, sent as `apikey` (server-side only). */
  apiKey?: string
  /** The chains it serves, configured eip155 chains. */
  chains: readonly ChainConfig[]
  /**
   * Send `chainid` (Etherscan V2: one root for every chain). False for a Blockscout instance,
   * which serves the one chain it indexes.
   */
  chainIdParam?: boolean
  /** Rows per call (`offset`; default {@link DEFAULT_EXPLORER_PAGE_SIZE}, at most 1000). */
  pageSize?: number
  /** Time each call gets for its whole answer (default {@link DEFAULT_EXPLORER_TIMEOUT_MS}). */
  timeoutMs?: number
  /** Largest answer read (default `EXPLORER_MAX_BYTES`). */
  maxBytes?: number
  /** The circuit breaker of each chain: failures before it opens (default 3), cool-down (default 30 s), clock. */
  breaker?: { threshold?: number; cooldownMs?: number; now?: () => number }
}

/** One of the two lists read per chain, as far as it was read in this page. */
interface ListRead {
  action: 'txlist' | 'tokentx'
  /** Pages read (1-based: the next is `pages + 1`). */
  pages: number
  /** The last page was full: more rows may follow. */
  full: boolean
  /** Lowest block among the rows read (where the list stops being known). */
  lowestBlock?: number
  /** Highest block of the first page: later pages stop there, so rows arriving meanwhile do not shift them. */
  pinned?: number
  /** Block time of each block read, for the key past a stretch read. */
  times: Map<number, number>
  transactions: ExplorerTransaction[]
  transfers: ExplorerTokenTransfer[]
}

/**
 * History from an Etherscan-compatible explorer API for chains this server does not index:
 * Etherscan's V2 multichain API (`https://api.etherscan.io/v2/api?chainid=…`) or a Blockscout
 * instance's `/api`, which answers the same `module=account` actions. Per chain it reads
 * `action=txlist` (the transactions the account sent or received: native transfers and calls) and
 * `action=tokentx` (its ERC-20 transfers), `sort=desc`, `page`/`offset` paging below an `endblock`
 * (the block where the previous page stopped), and merges them by transaction into the indexer's
 * row shape, with the same spam and poisoning rules (`spamRules.ts`).
 *
 * A list's page ends anywhere, even inside a transaction's transfers, so only the blocks above the
 * lowest block a full page reached are taken as complete; a further page of a list is read when
 * that leaves too little (at most a few calls per page; `page` × `offset` stays within Etherscan's
 * 10,000-row window because each feed page starts again from its own `endblock`).
 *
 * Every call has a timeout covering the whole answer, a body-size cap and a circuit breaker per
 * chain (`prices/CircuitBreaker.ts`): after repeated failures the chain is answered 503 without a
 * call for a while; a refused key or unsupported chain opens it at once. Rows that do not check
 * (valibot) are skipped. Failures are {@link HistoryProviderError}s (502/503/504 with a reason).
 *
 * @example
 * const etherscan = new EtherscanHistoryProvider({ apiKey: process.env.ETHERSCAN_KEY, chains: [base] })
 * const page = await etherscan.page({ account: '0xab…', chainIds: ['eip155:8453'], limit: 20 })
 */
export class EtherscanHistoryProvider implements HistoryProvider {
  readonly name: string
  private readonly label: string
  private readonly base: string
  private readonly chains: ReadonlyMap<string, ChainConfig>
  private readonly breakers = new Map<string, CircuitBreaker>()
  private readonly lastFailure = new Map<string, string>()
  /** Chains whose last call failed. */
  private readonly failing = new Set<string>()
  private readonly pageSize: number
  private readonly timeoutMs: number

  /** @param options - See {@link EtherscanHistoryOptions}. */
  constructor(private readonly options: EtherscanHistoryOptions) {
    this.name = options.name ?? 'etherscan'
    this.label = options.label ?? (this.name === 'blockscout' ? 'Blockscout' : this.name === 'etherscan' ? 'Etherscan' : this.name)
    this.base = options.baseUrl ?? ETHERSCAN_V2_URL
    this.chains = new Map(options.chains.map(chain => [chain.caipNetworkId, chain]))
    this.pageSize = Math.min(Math.max(1, options.pageSize ?? DEFAULT_EXPLORER_PAGE_SIZE), 1000)
    this.timeoutMs = options.timeoutMs ?? DEFAULT_EXPLORER_TIMEOUT_MS
    for (const chain of options.chains) {
      if (!/^eip155:\d{1,18}$/.test(chain.caipNetworkId)) throw new Error(`${this.label} history: ${chain.caipNetworkId} is not an eip155 chain`)
      this.breakers.set(chain.caipNetworkId, new CircuitBreaker(options.breaker))
    }
  }

  /** Whether the chain's breaker is open now (its calls are skipped). */
  paused(chainId: string): boolean {
    return this.breakers.get(chainId)?.open ?? false
  }

  async page(query: HistoryQuery): Promise<HistorySourcePage> {
    // On-ramp purchases are matched against the indexer's rows only.
    if (query.boughtFrom !== undefined || query.limit <= 0) return { transactions: [], until: null }
    const chains = query.chainIds.map(id => {
      const chain = this.chains.get(id)
      if (!chain) throw new Error(`${this.label} history does not serve ${id}`)
      return chain
    })
    const pages = await Promise.all(chains.map(chain => this.chainPage(chain, query)))
    return mergeHistoryPages(pages, query.limit)
  }

  /** One chain's page: both lists read down until `limit` complete transactions are known (or the call budget is spent). */
  private async chainPage(chain: ChainConfig, query: HistoryQuery): Promise<HistorySourcePage> {
    const { account, after, limit } = query
    const chainId = chain.caipNetworkId
    const endblock = after ? (after.chainId === chainId ? after.blockNumber : after.positions?.[chainId]) : undefined
    const lists: ListRead[] = (['txlist', 'tokentx'] as const).map(action => ({
      action,
      pages: 0,
      full: true,
      times: new Map(),
      transactions: [],
      transfers: []
    }))
    if (this.failing.has(chainId)) {
      // After a failure the breaker may let one trial call through: make it alone, then the other.
      for (const list of lists) await this.readPage(chain, account, list, endblock)
    } else {
      await Promise.all(lists.map(list => this.readPage(chain, account, list, endblock)))
    }
    let calls = 2
    for (;;) {
      const horizon = Math.max(-1, ...lists.filter(list => list.full).map(list => list.lowestBlock ?? Infinity))
      const transactions = this.assemble(chain, account, lists, horizon, after)
      const more = lists.some(list => list.full)
      if (transactions.length >= limit || !more) {
        // Everything above the horizon was read: up to the last one taken, all of it is here.
        const taken = transactions.slice(0, limit)
        return { transactions: taken, until: transactions.length > limit || more ? { ...taken.at(-1)!.cursor } : null }
      }
      // Read on the lists that stop highest: they hold the rest of the horizon's block.
      const next = lists.filter(list => list.full && (list.lowestBlock ?? Infinity) === horizon && (list.pages + 1) * this.pageSize <= EXPLORER_MAX_WINDOW)
      if (next.length === 0 || calls + next.length > MAX_CALLS_PER_PAGE) {
        return { transactions, until: this.past(chain, lists, horizon, after) }
      }
      calls += next.length
      await Promise.all(next.map(list => this.readPage(chain, account, list, list.pinned ?? endblock)))
    }
  }

  /**
   * The key just above the horizon's block: every transaction above it was read whole. Throws when
   * it is no lower than where the page started (one block holds more rows than a page can read).
   */
  private past(chain: ChainConfig, lists: readonly ListRead[], horizon: number, after: HistoryCursor | undefined): HistoryCursor {
    const minedAt = lists.map(list => list.times.get(horizon)).find(time => time !== undefined)
    if (minedAt === undefined || !Number.isFinite(horizon))
      throw new HistoryProviderError(502, `${this.label} gave a malformed answer (rows without a block time)`)
    const key: HistoryCursor = { minedAt, blockNumber: horizon, txIndex: Number.MAX_SAFE_INTEGER, chainId: chain.caipNetworkId }
    if (after && compareFeedKeys(key, after) <= 0) {
      throw new HistoryProviderError(502, `${this.label} lists more transfers of this account in block ${horizon} of ${chain.name} than can be paged through`)
    }
    return key
  }

  /** The complete, listed transactions above the horizon and below `after`, newest first. */
  private assemble(chain: ChainConfig, account: string, lists: readonly ListRead[], horizon: number, after: HistoryCursor | undefined): ActivityTransaction[] {
    const chainId = chain.caipNetworkId
    const byHash = new Map<string, { tx?: ExplorerTransaction; transfers: ExplorerTokenTransfer[] }>()
    const entry = (hash: string) => {
      let found = byHash.get(hash)
      if (!found) byHash.set(hash, (found = { transfers: [] }))
      return found
    }
    for (const list of lists) {
      for (const tx of list.transactions) if (tx.blockNumber > horizon) entry(tx.hash).tx ??= tx
      for (const transfer of list.transfers) if (transfer.blockNumber > horizon) entry(transfer.hash).transfers.push(transfer)
    }
    const found: ActivityTransaction[] = []
    for (const [hash, { tx, transfers }] of byHash) {
      const first = tx ?? transfers[0]!
      const cursor: HistoryCursor = { minedAt: first.minedAt, blockNumber: first.blockNumber, txIndex: first.txIndex, chainId }
      if (after && compareFeedKeys(cursor, after) <= 0) continue
      const status = tx?.failed ? 'failed' : 'confirmed'
      const common = {
        chainId,
        blockNumber: cursor.blockNumber,
        txIndex: cursor.txIndex,
        txHash: hash,
        minedAt: cursor.minedAt,
        nonce: first.nonce,
        status
      } as const
      const { symbol, name, decimals } = chain.nativeCurrency
      const head: StoredActivity = tx
        ? { ...common, logIndex: NATIVE_LOG_INDEX, from: tx.from, to: tx.to, tokenAddress: null, amount: tx.value, symbol, name, decimals }
        : { ...common, logIndex: NATIVE_LOG_INDEX, from: UNKNOWN_SENDER, to: null, tokenAddress: null, amount: 0n, symbol, name, decimals }
      const rows: StoredActivity[] = [head]
      // A reverted transaction moved no tokens; rows of another block are not this transaction's.
      if (status === 'confirmed') {
        // sort=desc lists a transaction's transfers last-first; the indexer keeps log order.
        const ordered = transfers.every(t => t.logIndex !== undefined) ? [...transfers].sort((a, b) => a.logIndex! - b.logIndex!) : [...transfers].reverse()
        ordered.forEach((transfer, i) => {
          if (transfer.blockNumber !== cursor.blockNumber || transfer.txIndex !== cursor.txIndex) return
          const row: StoredActivity = {
            ...common,
            logIndex: transfer.logIndex ?? i,
            from: transfer.from,
            to: transfer.to,
            tokenAddress: transfer.token,
            amount: transfer.amount,
            symbol: transfer.symbol,
            name: transfer.name,
            decimals: transfer.decimals
          }
          if (!isPoisoningTransfer(row, tx?.from)) rows.push(row)
        })
      }
      if (listsTransaction(rows, account)) found.push({ cursor, rows })
    }
    return found.sort((a, b) => compareFeedKeys(a.cursor, b.cursor))
  }

  /** Reads the next page of one list into it. */
  private async readPage(chain: ChainConfig, account: string, list: ListRead, endblock: number | undefined): Promise<void> {
    const page = list.pages + 1
    const url = new URL(this.base)
    if (this.options.chainIdParam !== false) url.searchParams.set('chainid', chain.caipNetworkId.slice('eip155:'.length))
    url.searchParams.set('module', 'account')
    url.searchParams.set('action', list.action)
    url.searchParams.set('address', account)
    url.searchParams.set('startblock', '0')
    if (endblock !== undefined) url.searchParams.set('endblock', String(endblock))
    url.searchParams.set('page', String(page))
    url.searchParams.set('offset', String(this.pageSize))
    url.searchParams.set('sort', 'desc')
    if (this.options.apiKey) url.searchParams.set('apikey', this.options.apiKey)

    const raw = await this.call(chain, url)
    list.pages = page
    list.full = raw.length >= this.pageSize
    for (const item of raw) {
      const place = rowPlace(item)
      if (place) {
        list.lowestBlock = Math.min(list.lowestBlock ?? Infinity, place.blockNumber)
        if (page === 1) list.pinned = Math.max(list.pinned ?? -1, place.blockNumber)
        if (place.minedAt !== undefined) list.times.set(place.blockNumber, place.minedAt)
      }
      if (list.action === 'txlist') {
        const tx = readExplorerTransaction(item)
        if (tx) list.transactions.push(tx)
      } else {
        const transfer = readExplorerTokenTransfer(item)
        if (transfer) list.transfers.push(transfer)
      }
    }
    if (list.full && list.lowestBlock === undefined) throw new HistoryProviderError(502, `${this.label} gave a malformed answer (rows without a block number)`)
  }

  /** One call through the chain's circuit breaker. */
  private async call(chain: ChainConfig, url: URL): Promise<unknown[]> {
    const chainId = chain.caipNetworkId
    const breaker = this.breakers.get(chainId)!
    if (!breaker.allow()) {
      const last = this.lastFailure.get(chainId)
      throw new HistoryProviderError(503, `${this.label} is skipped for a while after failing${last ? ` (${last})` : ''}`)
    }
    try {
      const rows = await fetchExplorerRows(url, {
        name: this.label,
        timeoutMs: this.timeoutMs,
        maxBytes: this.options.maxBytes ?? EXPLORER_MAX_BYTES,
        now: this.options.breaker?.now
      })
      breaker.success()
      this.failing.delete(chainId)
      return rows
    } catch (error) {
      this.failing.add(chainId)
      if (error instanceof HistoryProviderError) {
        breaker.failure(error.breaker)
        this.lastFailure.set(chainId, error.reason)
      } else {
        breaker.failure()
      }
      throw error
    }
  }
}

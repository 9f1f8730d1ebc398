import type { ActivityTransaction } from './ActivityTable.js'
import { compareFeedKeys, type HistoryCursor } from './historyCursor.js'

/** What a {@link HistoryProvider} is asked for: a page of one account's transactions. */
export interface HistoryQuery {
  /** Lower-case 0x address. */
  account: string
  /** CAIP-2 ids of the chains to include (all served by the provider asked). */
  chainIds: readonly string[]
  /**
   * Only transactions strictly below this feed key; undefined for the first page. Its
   * `positions` tell where each provider-served chain was left (see {@link HistoryCursor}).
   */
  after?: HistoryCursor
  /** Most transactions to return. */
  limit: number
  /** Only the purchases this on-ramp provider reported (see `ActivityTable.page`). */
  boughtFrom?: string
}

/** A provider's answer. */
export interface HistorySourcePage {
  /**
   * Newest first (feed order, see {@link compareFeedKeys}), each strictly below `after`, each with
   * all its rows (the transaction row first) and listed for the account (see `spamRules.ts`).
   */
  transactions: ActivityTransaction[]
  /**
   * null when nothing is left below the last transaction given. Otherwise a feed key such that
   * every transaction of the account at or above it (and below `after`) is in `transactions`: the
   * next page starts strictly below it. It is the last transaction's key when `limit` was reached,
   * or a key past a stretch the provider read without reaching `limit` (an explorer API reads a
   * bounded number of rows per page).
   */
  until: HistoryCursor | null
}

/**
 * A source of an account's history on some chains: this server's indexer
 * (`IndexerHistoryProvider`, for the chains it follows) or an explorer API
 * (`EtherscanHistoryProvider`, for the others). Every source answers rows in the indexer's shape
 * (`StoredActivity`), already filtered by the same spam rules (`spamRules.ts`), so the route
 * shapes them one way (`toHistoryTransaction`).
 *
 * @example
 * const page = await provider.page({ account: '0xab…', chainIds: ['eip155:8453'], limit: 20 })
 * page.transactions.length // at most 20
 * page.until // where the next page starts, or null
 */
export interface HistoryProvider {
  /** Name for messages (`indexer`, `etherscan`, `blockscout`). */
  readonly name: string
  /**
   * A page of the account's transactions on the given chains, newest first.
   *
   * @param query - See {@link HistoryQuery}.
   * @throws HistoryProviderError when the source cannot answer (unreachable, refused, malformed).
   */
  page(query: HistoryQuery): Promise<HistorySourcePage>
}

/**
 * Merges the pages of several sources (or chains) into one, newest first, keeping the promise of
 * {@link HistorySourcePage.until}: a source that has more only vouches for what is above its own
 * `until`, so nothing below the newest such key is taken (it is read on the next page), and at most
 * `limit` transactions are.
 *
 * @param pages - The sources' answers to the same query.
 * @param limit - Most transactions.
 */
export function mergeHistoryPages(pages: readonly HistorySourcePage[], limit: number): HistorySourcePage {
  let cutoff: HistoryCursor | null = null
  for (const page of pages) if (page.until && (!cutoff || compareFeedKeys(page.until, cutoff) < 0)) cutoff = page.until
  const eligible = pages
    .flatMap(page => page.transactions)
    .filter(tx => !cutoff || compareFeedKeys(tx.cursor, cutoff) <= 0)
    .sort((a, b) => compareFeedKeys(a.cursor, b.cursor))
  if (eligible.length > limit) {
    const transactions = eligible.slice(0, limit)
    return { transactions, until: keyOf(transactions.at(-1)!) }
  }
  return { transactions: eligible, until: cutoff ? keyOf(cutoff) : null }
}

/** The bare feed key (no positions) of a transaction or cursor. */
function keyOf(value: ActivityTransaction | HistoryCursor): HistoryCursor {
  const { minedAt, blockNumber, txIndex, chainId } = 'cursor' in value ? value.cursor : value
  return { minedAt, blockNumber, txIndex, chainId }
}

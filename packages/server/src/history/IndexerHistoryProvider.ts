import type { Store } from '../db/Store.js'
import { ActivityTable } from './ActivityTable.js'
import type { HistoryProvider, HistoryQuery, HistorySourcePage } from './HistoryProvider.js'

/**
 * The history of the chains this server's indexer follows (`ChainIndexer`): a page of its
 * `chain_activity` table (`ActivityTable.page`), whose rows passed the spam rules when stored and
 * when listed. One query covers every chain asked for.
 *
 * @example
 * const indexer = new IndexerHistoryProvider(store)
 * const { transactions, until } = await indexer.page({ account, chainIds: ['eip155:31337'], limit: 20 })
 */
export class IndexerHistoryProvider implements HistoryProvider {
  readonly name = 'indexer'
  private readonly table: ActivityTable

  /** @param store - The database the indexer writes to. */
  constructor(store: Store) {
    this.table = new ActivityTable(store)
  }

  async page(query: HistoryQuery): Promise<HistorySourcePage> {
    const { account, chainIds, after, limit, boughtFrom } = query
    if (chainIds.length === 0 || limit <= 0) return { transactions: [], until: null }
    // One more than asked tells whether another page follows.
    const found = await this.table.page({ account, chainIds, after, limit: limit + 1, boughtFrom })
    const transactions = found.slice(0, limit)
    return { transactions, until: found.length > limit ? { ...transactions.at(-1)!.cursor } : null }
  }
}

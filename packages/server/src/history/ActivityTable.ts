import type { Store } from '../db/Store.js'
import type { ActivityRow } from './extractActivity.js'
import type { HistoryCursor } from './historyCursor.js'
import type { TokenInfo } from './TokenInfoCache.js'

/** The last block the indexer stored for a chain. */
export interface IndexerProgress {
  blockNumber: number
  /** Lower-case 0x hash. */
  blockHash: string
}

/** A row as stored: the activity plus the asset's symbol, name and decimals at indexing time. */
export type StoredActivity = ActivityRow & TokenInfo

/** What {@link ActivityTable.page} asks for. */
export interface ActivityPageQuery {
  /** Lower-case 0x address. */
  account: string
  /** CAIP-2 ids to include. */
  chainIds: readonly string[]
  /** Start below this key; undefined for the first page. */
  after?: HistoryCursor
  /** Most transactions. */
  limit: number
  /** Only the purchases this on-ramp provider reported for the account (`onramp_purchases`). */
  boughtFrom?: string
}

/** One transaction of a page: all its stored rows, the transaction row (log index -1) first. */
export interface ActivityTransaction {
  cursor: HistoryCursor
  rows: StoredActivity[]
}

interface DbRow {
  chain_id: string
  block_number: number
  tx_index: number
  log_index: number
  tx_hash: string
  mined_at: number
  nonce: number
  from_address: string
  to_address: string | null
  token_address: string | null
  symbol: string
  name: string
  decimals: number
  amount: string
  status: 'confirmed' | 'failed'
}

/**
 * The `chain_activity` and `indexer_progress` tables: what the history indexer writes and the
 * activity feed reads.
 */
export class ActivityTable {
  /** @param store - The database. */
  constructor(private readonly store: Store) {}

  /**
   * The last block stored for a chain, or null when nothing is.
   *
   * @param chainId - CAIP-2 id.
   */
  async progress(chainId: string): Promise<IndexerProgress | null> {
    const result = await this.store.query<{ block_number: number; block_hash: string }>(
      'SELECT block_number::float8 AS block_number, block_hash FROM indexer_progress WHERE chain_id = $1',
      [chainId]
    )
    const row = result.rows[0]
    return row ? { blockNumber: row.block_number, blockHash: row.block_hash } : null
  }

  /**
   * Forgets everything stored for a chain (it was restarted from genesis), in one transaction.
   *
   * @param chainId - CAIP-2 id.
   */
  async reset(chainId: string): Promise<void> {
    await this.store.transaction(async tx => {
      await tx.query('DELETE FROM chain_activity WHERE chain_id = $1', [chainId])
      await tx.query('DELETE FROM indexer_progress WHERE chain_id = $1', [chainId])
    })
  }

  /**
   * Stores the rows of a range of blocks and moves the chain's progress to its last block, in one
   * transaction (a reader never sees half a range). Rows already there are kept as they are, so
   * two servers indexing one database do not collide.
   *
   * @param chainId - CAIP-2 id.
   * @param rows - The range's rows.
   * @param progress - Its last block.
   */
  async append(chainId: string, rows: readonly StoredActivity[], progress: IndexerProgress): Promise<void> {
    const records = rows.map(row => ({
      chain_id: row.chainId,
      block_number: row.blockNumber,
      tx_index: row.txIndex,
      log_index: row.logIndex,
      tx_hash: row.txHash,
      mined_at: row.minedAt,
      nonce: row.nonce,
      from_address: row.from,
      to_address: row.to,
      token_address: row.tokenAddress,
      symbol: row.symbol,
      name: row.name,
      decimals: row.decimals,
      // numeric(78,0) takes any uint256; JSON numbers would lose precision.
      amount: row.amount.toString(),
      status: row.status
    }))
    await this.store.transaction(async tx => {
      if (records.length > 0) {
        await tx.query(
          `INSERT INTO chain_activity (chain_id, block_number, tx_index, log_index, tx_hash, mined_at, nonce, from_address, to_address,
                                       token_address, symbol, name, decimals, amount, status)
           SELECT chain_id, block_number, tx_index, log_index, tx_hash, to_timestamp(mined_at), nonce, from_address, to_address,
                  token_address, symbol, name, decimals, amount::numeric, status
           FROM json_to_recordset($1::json) AS r(chain_id text, block_number bigint, tx_index integer, log_index integer, tx_hash text,
                mined_at float8, nonce bigint, from_address text, to_address text, token_address text, symbol text, name text,
                decimals integer, amount text, status text)
           ON CONFLICT DO NOTHING`,
          [JSON.stringify(records)]
        )
      }
      await tx.query(
        `INSERT INTO indexer_progress (chain_id, block_number, block_hash) VALUES ($1, $2, $3)
         ON CONFLICT (chain_id) DO UPDATE SET block_number = excluded.block_number, block_hash = excluded.block_hash`,
        [chainId, progress.blockNumber, progress.blockHash]
      )
    })
  }

  /**
   * A page of the transactions that involve an account, newest first: those it sent (or sent
   * tokens or coin in), and those that moved something to it (a non-zero amount) and succeeded (a
   * failed transaction moved nothing, so only its sender sees it): `listsTransaction` of
   * `spamRules.ts`, in SQL. Each comes with all its stored rows; the caller picks the account's.
   *
   * @param query - See {@link ActivityPageQuery}.
   */
  async page(query: ActivityPageQuery): Promise<ActivityTransaction[]> {
    const params: unknown[] = [query.account, query.chainIds, query.limit]
    let below = ''
    if (query.after) {
      const { minedAt, blockNumber, txIndex, chainId } = query.after
      params.push(minedAt, blockNumber, txIndex, chainId)
      below = 'AND (mined_at, block_number, tx_index, chain_id) < (to_timestamp($4::float8), $5::bigint, $6::integer, $7::text)'
    }
    if (query.boughtFrom !== undefined) {
      params.push(query.boughtFrom)
      below += ` AND (chain_id, tx_hash) IN (SELECT chain_id, tx_hash FROM onramp_purchases WHERE provider = $${params.length} AND lower(address) = $1)`
    }
    const result = await this.store.query<DbRow>(
      `WITH page AS (
         SELECT DISTINCT chain_id, tx_hash, mined_at, block_number, tx_index
         FROM chain_activity
         WHERE chain_id = ANY($2::text[])
           AND (from_address = $1 OR (to_address = $1 AND status = 'confirmed' AND amount > 0))
           ${below}
         ORDER BY mined_at DESC, block_number DESC, tx_index DESC, chain_id DESC
         LIMIT $3
       )
       SELECT a.chain_id, a.block_number::float8 AS block_number, a.tx_index, a.log_index, a.tx_hash,
              extract(epoch FROM a.mined_at)::float8 AS mined_at, a.nonce::float8 AS nonce, a.from_address, a.to_address,
              a.token_address, a.symbol, a.name, a.decimals, a.amount::text AS amount, a.status
       FROM chain_activity a JOIN page p ON a.chain_id = p.chain_id AND a.tx_hash = p.tx_hash
       ORDER BY p.mined_at DESC, p.block_number DESC, p.tx_index DESC, p.chain_id DESC, a.log_index`,
      params
    )
    const transactions: ActivityTransaction[] = []
    for (const row of result.rows) {
      const stored: StoredActivity = {
        chainId: row.chain_id,
        blockNumber: row.block_number,
        txIndex: row.tx_index,
        logIndex: row.log_index,
        txHash: row.tx_hash,
        minedAt: row.mined_at,
        nonce: row.nonce,
        from: row.from_address,
        to: row.to_address,
        tokenAddress: row.token_address,
        symbol: row.symbol,
        name: row.name,
        decimals: row.decimals,
        amount: BigInt(row.amount),
        status: row.status
      }
      const last = transactions.at(-1)
      if (last && last.rows[0]!.txHash === stored.txHash && last.cursor.chainId === stored.chainId) last.rows.push(stored)
      else
        transactions.push({
          cursor: { minedAt: stored.minedAt, blockNumber: stored.blockNumber, txIndex: stored.txIndex, chainId: stored.chainId },
          rows: [stored]
        })
    }
    return transactions
  }
}

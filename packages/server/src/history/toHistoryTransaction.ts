import { formatUnits, getAddress } from 'viem'
import type { PriceTable } from '../chain/PriceTable.js'
import type { ChainConfig } from '../config/ServerConfig.js'
import type { ActivityTransaction, StoredActivity } from './ActivityTable.js'
import { NATIVE_LOG_INDEX } from './extractActivity.js'
import type { KnownTokens } from './knownTokens.js'
import { showsTransfer } from './spamRules.js'

/** One asset movement of a {@link HistoryTransaction}, seen from the account asked about. */
export interface HistoryTransfer {
  fungible_info: {
    name: string
    symbol: string
    /** Absent for tokens this server has no image of, and for unverified ones (a symbol proves nothing). */
    icon?: { url: string }
    /**
     * Present on tokens neither the operator's configuration nor the server's token lists name
     * (`verified: false`, see `knownTokens`): the modal drops a transaction made only of such
     * transfers as spam.
     */
    flags?: { verified: false }
  }
  /** `out`: the account sent it; `in`: received it; `self`: both. */
  direction: 'in' | 'out' | 'self'
  /** Decimal amount, e.g. `"10.5"`. */
  quantity: { numeric: string }
  /** USD value; absent when the asset has no configured price. */
  value?: number
  /** USD price of one unit; absent when not configured. */
  price?: number
}

/** A transaction of the activity feed (spec §3 Transaction), as `/v1/account/{account}/history` answers it. */
export interface HistoryTransaction {
  /** `{hash}:{caip2}`. */
  id: string
  metadata: {
    /**
     * `trade` when the account sent one asset and received another (a swap), `send` when it only
     * sent, `receive` when it only received, `execute` when nothing moved; `buy` for what an
     * on-ramp provider reported paying out to it.
     */
    operationType: 'buy' | 'trade' | 'send' | 'receive' | 'execute'
    /** The on-ramp provider that reported this transaction as a purchase. */
    onramp?: string
    hash: string
    /** ISO 8601 block time. */
    minedAt: string
    /** Checksummed sender of the first listed transfer, else of the transaction. */
    sentFrom: string
    /** Checksummed recipient of the first listed transfer, else of the transaction (absent if it has none). */
    sentTo?: string
    /** The sender's name (a configured identity, else ENS), when it has one. */
    sentFromName?: string
    /** The recipient's name, when it has one. */
    sentToName?: string
    status: 'confirmed' | 'failed'
    nonce: number
    /** CAIP-2 id. */
    chain: string
  }
  transfers: HistoryTransfer[]
}

/** Icon URL of a symbol, given the configured one if any; undefined when there is no image. */
export type TokenIconUrl = (symbol: string, configured?: string) => string | undefined

/**
 * Shapes the rows of one transaction as the feed answers it, from `account`'s side, whichever
 * source they come from (the indexer's table or an explorer API, see `HistoryProvider`): only the
 * movements it took part in are listed (the native value when non-zero, and each ERC20 transfer to
 * or from it; a zero-amount token transfer only when the account sent the transaction, see
 * `spamRules.ts`). Known assets (`knownTokens`: configured or on a token list) are named from
 * there and priced by CAIP-10 key or symbol; other tokens by what their contract (or the explorer)
 * said, priced only by an exact CAIP-10 key (their symbol proves nothing) and marked unverified.
 *
 * A failed transaction keeps its native value as the attempted transfer; its token transfers were
 * reverted and never stored.
 *
 * @param transaction - Rows of one transaction, the transaction row first.
 * @param account - Lower-case 0x address.
 * @param chain - The transaction's chain.
 * @param known - The chain's known tokens (`knownTokens`).
 * @param prices - USD prices.
 * @param iconUrl - Icon URLs.
 */
export function toHistoryTransaction(
  transaction: ActivityTransaction,
  account: string,
  chain: ChainConfig,
  known: KnownTokens,
  prices: PriceTable,
  iconUrl: TokenIconUrl
): HistoryTransaction {
  const [head] = transaction.rows
  if (!head || head.logIndex !== NATIVE_LOG_INDEX) throw new Error(`Activity of ${transaction.cursor.chainId} lacks its transaction row`)
  const involved = transaction.rows.filter(row => showsTransfer(row, account, head.from))
  const transfers = involved.map(row => toTransfer(row, account, chain, known, prices, iconUrl))
  const first = involved[0] ?? head
  const out = transfers.some(t => t.direction === 'out')
  const into = transfers.some(t => t.direction === 'in')
  // A swap: one asset out, another in (a refund of the same coin is still a send).
  const trade = out && into && new Set(transfers.map(t => t.fungible_info.symbol)).size > 1
  const operationType = transfers.length === 0 ? 'execute' : trade ? 'trade' : transfers.some(t => t.direction !== 'in') ? 'send' : 'receive'
  return {
    id: `${head.txHash}:${chain.caipNetworkId}`,
    metadata: {
      operationType,
      hash: head.txHash,
      minedAt: new Date(head.minedAt * 1000).toISOString(),
      sentFrom: getAddress(first.from),
      ...(first.to ? { sentTo: getAddress(first.to) } : {}),
      status: head.status,
      nonce: head.nonce,
      chain: chain.caipNetworkId
    },
    transfers
  }
}

function toTransfer(row: StoredActivity, account: string, chain: ChainConfig, known: KnownTokens, prices: PriceTable, iconUrl: TokenIconUrl): HistoryTransfer {
  let info: { name: string; symbol: string; decimals: number; iconUrl?: string }
  let price: number | undefined
  let unlisted = false
  if (row.tokenAddress === null) {
    info = chain.nativeCurrency
    price = prices.known(`${chain.caipNetworkId}:native`, info.symbol)
  } else {
    const token = known.get(row.tokenAddress)
    info = token ?? row
    price = prices.known(`${chain.caipNetworkId}:${row.tokenAddress}`, token?.symbol)
    unlisted = token === undefined
  }
  const numeric = formatUnits(row.amount, info.decimals)
  // A symbol proves nothing: an unknown token named USDT gets no USDT icon.
  const icon = unlisted ? undefined : iconUrl(info.symbol, info.iconUrl)
  return {
    fungible_info: {
      name: info.name,
      symbol: info.symbol,
      ...(icon ? { icon: { url: icon } } : {}),
      ...(unlisted ? { flags: { verified: false as const } } : {})
    },
    direction: row.from === account ? (row.to === account ? 'self' : 'out') : 'in',
    quantity: { numeric },
    ...(price === undefined ? {} : { value: Number(numeric) * price, price })
  }
}

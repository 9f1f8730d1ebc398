import { formatUnits, getAddress } from 'viem'
import type { PriceTable } from '../chain/PriceTable.js'
import type { ChainConfig } from '../config/ServerConfig.js'
import type { ActivityTransaction, StoredActivity } from './ActivityTable.js'
import { NATIVE_LOG_INDEX } from './extractActivity.js'

/** One asset movement of a {@link HistoryTransaction}, seen from the account asked about. */
export interface HistoryTransfer {
  fungible_info: {
    name: string
    symbol: string
    /** Absent for tokens this server has no image of. */
    icon?: { url: string }
    /** Present on tokens the operator did not list (`verified: false`): the modal drops them as spam. */
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
 * Shapes the stored rows of one transaction as the feed answers it, from `account`'s side: only
 * the movements it took part in are listed (the native value when non-zero, and each ERC20
 * transfer to or from it). Configured assets are named and priced from the current configuration;
 * other tokens by what their contract said when indexed, and priced only by an exact CAIP-10 key
 * (their symbol proves nothing).
 *
 * A failed transaction keeps its native value as the attempted transfer; its token transfers were
 * reverted and never stored.
 *
 * @param transaction - Rows of one transaction, the transaction row first.
 * @param account - Lower-case 0x address.
 * @param chain - The transaction's chain.
 * @param prices - USD prices.
 * @param iconUrl - Icon URLs.
 */
export function toHistoryTransaction(
  transaction: ActivityTransaction,
  account: string,
  chain: ChainConfig,
  prices: PriceTable,
  iconUrl: TokenIconUrl
): HistoryTransaction {
  const [head] = transaction.rows
  if (!head || head.logIndex !== NATIVE_LOG_INDEX) throw new Error(`Activity of ${transaction.cursor.chainId} lacks its transaction row`)
  const involved = transaction.rows.filter(
    row => (row.logIndex !== NATIVE_LOG_INDEX || row.amount > 0n) && (row.from === account || row.to === account)
  )
  const transfers = involved.map(row => toTransfer(row, account, chain, prices, iconUrl))
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

function toTransfer(row: StoredActivity, account: string, chain: ChainConfig, prices: PriceTable, iconUrl: TokenIconUrl): HistoryTransfer {
  let info: { name: string; symbol: string; decimals: number; iconUrl?: string }
  let price: number | undefined
  if (row.tokenAddress === null) {
    info = chain.nativeCurrency
    price = prices.known(`${chain.caipNetworkId}:native`, info.symbol)
  } else {
    const configured = chain.tokens?.find(token => token.address.toLowerCase() === row.tokenAddress)
    info = configured ?? row
    price = prices.known(`${chain.caipNetworkId}:${row.tokenAddress}`, configured?.symbol)
  }
  const numeric = formatUnits(row.amount, info.decimals)
  const icon = iconUrl(info.symbol, info.iconUrl)
  const unlisted = row.tokenAddress !== null && !chain.tokens?.some(token => token.address.toLowerCase() === row.tokenAddress)
  return {
    fungible_info: { name: info.name, symbol: info.symbol, ...(icon ? { icon: { url: icon } } : {}), ...(unlisted ? { flags: { verified: false as const } } : {}) },
    direction: row.from === account ? (row.to === account ? 'self' : 'out') : 'in',
    quantity: { numeric },
    ...(price === undefined ? {} : { value: Number(numeric) * price, price })
  }
}

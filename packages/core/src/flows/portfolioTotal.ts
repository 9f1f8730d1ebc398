import type { TokenBalance } from '../api/schemas.js'

/** What the account view shows as its total: the USD sum of the priced balances and how many have no price. */
export interface PortfolioTotal {
  /** Sum of the known USD values; undefined when there are balances and none has a price (nothing to sum). */
  usd: number | undefined
  /** Balances left out of `usd` because their price is unknown. */
  unpriced: number
}

/**
 * The account's total in USD: the known values summed, the balances without a price counted
 * apart (the service leaves `value` out when it knows no price: unknown, not $0), so the view can
 * say the total leaves them out. No balances at all is a total of 0.
 *
 * @example
 * portfolioTotal([{ ..., value: 2 }, { ..., value: undefined }]) // { usd: 2, unpriced: 1 }
 *
 * @param balances - The account's token balances.
 */
export function portfolioTotal(balances: readonly Pick<TokenBalance, 'value'>[]): PortfolioTotal {
  let usd = 0
  let unpriced = 0
  for (const b of balances) {
    if (b.value !== undefined && Number.isFinite(b.value)) usd += b.value
    else unpriced += 1
  }
  return { usd: balances.length > 0 && unpriced === balances.length ? undefined : usd, unpriced }
}

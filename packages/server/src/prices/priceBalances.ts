import type { TokenBalance } from '../chain/readBalances.js'
import type { ChainConfig } from '../config/ServerConfig.js'
import { priceAssetId, type PriceAsset } from './PriceProvider.js'
import type { PriceService } from './PriceService.js'

/** A balance as the route answers it: `price` and `value` only when the price is known. */
export type PricedBalance = Omit<TokenBalance, 'price' | 'value'> & { price?: number; value?: number }

/**
 * The {@link PriceAsset} of a balance on `chain`. Its symbol is given only for the native coin and
 * the configured tokens: any other token's symbol is whatever its contract claims, and must not
 * pick up a static price by symbol (a fake "USDC" would otherwise be worth a dollar).
 *
 * @param chain - The chain the balance is on.
 * @param balance - Its CAIP-10 `address` (absent for the native coin) and symbol.
 */
export function balanceAsset(chain: ChainConfig, balance: Pick<TokenBalance, 'address' | 'symbol'>): PriceAsset {
  const chainId = chain.caipNetworkId
  const contract = balance.address?.slice(chainId.length + 1)
  const configured = !contract || chain.tokens?.some(t => priceAssetId(chainId, t.address) === priceAssetId(chainId, contract))
  return { id: priceAssetId(chainId, contract), chainId, ...(contract ? { contract } : {}), ...(configured ? { symbol: balance.symbol } : {}) }
}

/**
 * Puts the {@link PriceService}'s prices on balances read from a chain: a known price sets
 * `price` and `value` (quantity times price); an unknown one leaves both out (the modal shows
 * "–", never $0). Whatever price the reader put there is replaced.
 *
 * @example
 * const balances = await priceBalances(ctx.priceService, chain, await readBalances(chain, address, ctx.prices, icon))
 *
 * @param service - The prices.
 * @param chain - The chain the balances are on.
 * @param balances - Balances as the chain reader shaped them.
 */
export async function priceBalances(service: PriceService, chain: ChainConfig, balances: readonly TokenBalance[]): Promise<PricedBalance[]> {
  const assets = balances.map(b => balanceAsset(chain, b))
  const quotes = await service.prices(assets)
  return balances.map((balance, i) => {
    const priced: PricedBalance = { ...balance }
    delete priced.price
    delete priced.value
    const quote = quotes.get(assets[i]!.id)
    return quote ? { ...priced, value: Number(balance.quantity.numeric) * quote.usd, price: quote.usd } : priced
  })
}

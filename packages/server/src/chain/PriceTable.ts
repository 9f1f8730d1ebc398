import type { ChainConfig, TokenConfig } from '../config/ServerConfig.js'

/**
 * USD prices from the configuration. Keys may be a CAIP-10 token id (`eip155:1:0xabc...`), a
 * native coin id (`eip155:1:native`) or a symbol (`ETH`); the most specific key wins, so one
 * chain's USDT can differ from another's while a plain `USDT` covers the rest. Addresses and
 * symbols compare case-insensitively. These are the overrides of the price service
 * (`prices/PriceService.ts`), which the balance and price routes ask: there an asset no source
 * prices has no price. {@link native} and {@link token} still say 0 for one, for the chain
 * readers' placeholder price, which the routes replace.
 */
export class PriceTable {
  private readonly prices = new Map<string, number>()

  /** @param prices - `ServerConfig.prices`. */
  constructor(prices: Record<string, number> = {}) {
    for (const [key, price] of Object.entries(prices)) this.prices.set(key.toLowerCase(), price)
  }

  /** Price of a chain's native coin. */
  native(chain: ChainConfig): number {
    return this.lookup(`${chain.caipNetworkId}:native`, chain.nativeCurrency.symbol)
  }

  /** Price of an ERC20 token on a chain. */
  token(chain: ChainConfig, token: TokenConfig): number {
    return this.lookup(`${chain.caipNetworkId}:${token.address}`, token.symbol)
  }

  /**
   * The configured price of an asset, or undefined when no key covers it (where {@link native}
   * and {@link token} would say 0).
   *
   * @param id - CAIP-10 token id or `{caip2}:native`.
   * @param symbol - Symbol to fall back on; leave it out for tokens the configuration does not
   *   list, whose symbol is whatever their contract claims.
   */
  known(id: string, symbol?: string): number | undefined {
    return this.prices.get(id.toLowerCase()) ?? (symbol === undefined ? undefined : this.prices.get(symbol.toLowerCase()))
  }

  private lookup(id: string, symbol: string): number {
    return this.known(id, symbol) ?? 0
  }
}

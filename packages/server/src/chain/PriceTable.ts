import type { ChainConfig, TokenConfig } from '../config/ServerConfig.js'

/**
 * USD prices from the configuration. Keys may be a CAIP-10 token id (`eip155:1:0xabc...`), a
 * native coin id (`eip155:1:native`) or a symbol (`ETH`); the most specific key wins, so one
 * chain's USDT can differ from another's while a plain `USDT` covers the rest. Addresses and
 * symbols compare case-insensitively. Unknown assets cost 0.
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

  private lookup(id: string, symbol: string): number {
    return this.prices.get(id.toLowerCase()) ?? this.prices.get(symbol.toLowerCase()) ?? 0
  }
}

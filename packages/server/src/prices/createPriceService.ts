import { PriceTable } from '../chain/PriceTable.js'
import type { ChainConfig } from '../config/ServerConfig.js'
import { ChainlinkProvider } from './ChainlinkProvider.js'
import { CoinGeckoProvider } from './CoinGeckoProvider.js'
import type { PriceProvider } from './PriceProvider.js'
import type { PriceProvidersConfig } from './PriceProvidersConfig.js'
import { PriceService } from './PriceService.js'

/**
 * The server's {@link PriceService} from its configuration: the static `prices` as overrides,
 * then CoinGecko, then Chainlink feeds, as `priceProviders` sets them up.
 *
 * @example
 * const service = createPriceService(config.prices, config.priceProviders, chains, (name, err) => log.warn(err.message))
 *
 * @param prices - `ServerConfig.prices`.
 * @param providers - `ServerConfig.priceProviders`.
 * @param chains - The configured chains by CAIP-2 id (the feeds' RPC).
 * @param onError - Told of each provider failure.
 */
export function createPriceService(
  prices: Record<string, number> | undefined,
  providers: PriceProvidersConfig | undefined,
  chains: ReadonlyMap<string, ChainConfig>,
  onError?: (provider: string, error: Error) => void
): PriceService {
  const sources: PriceProvider[] = []
  if (providers?.coingecko) sources.push(new CoinGeckoProvider(providers.coingecko))
  if (providers?.chainlink) {
    sources.push(
      new ChainlinkProvider({
        feeds: providers.chainlink.feeds,
        heartbeatSeconds: providers.chainlink.heartbeatSeconds,
        rpcUrl: id => (id.startsWith('eip155:') ? chains.get(id)?.rpcUrl : undefined)
      })
    )
  }
  const freshMs = (providers?.freshSeconds ?? 60) * 1000
  return new PriceService({
    table: new PriceTable(prices),
    providers: sources,
    freshMs,
    staleMs: Math.max(freshMs, (providers?.staleSeconds ?? 600) * 1000),
    timeoutMs: providers?.timeoutMs,
    onError
  })
}

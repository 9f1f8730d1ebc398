import { PriceTable } from '../chain/PriceTable.js'
import type { ChainConfig } from '../config/ServerConfig.js'
import { ChainlinkProvider } from './ChainlinkProvider.js'
import { CoinGeckoProvider } from './CoinGeckoProvider.js'
import type { PriceProvider } from './PriceProvider.js'
import type { PriceProvidersConfig } from './PriceProvidersConfig.js'
import { describePriceDeviation, PriceService, type PriceDeviation } from './PriceService.js'

/**
 * The server's {@link PriceService} from its configuration: the static `prices` as overrides,
 * then CoinGecko, then Chainlink feeds, as `priceProviders` sets them up; the feeds also check
 * CoinGecko's prices (`chainlink.maxDeviationPercent`, `chainlink.onDeviation`).
 *
 * @example
 * const service = createPriceService(config.prices, config.priceProviders, chains, (name, err) => log.warn(err.message))
 *
 * @param prices - `ServerConfig.prices`.
 * @param providers - `ServerConfig.priceProviders`.
 * @param chains - The configured chains by CAIP-2 id (the feeds' RPC).
 * @param onError - Told of each provider failure.
 * @param onDeviation - Told when CoinGecko and a feed disagree, once per asset an hour (default: a
 *   warning on the console).
 */
export function createPriceService(
  prices: Record<string, number> | undefined,
  providers: PriceProvidersConfig | undefined,
  chains: ReadonlyMap<string, ChainConfig>,
  onError?: (provider: string, error: Error) => void,
  onDeviation: (deviation: PriceDeviation) => void = deviation => console.warn(`wallet-modal-server: prices: ${describePriceDeviation(deviation)}`)
): PriceService {
  const sources: PriceProvider[] = []
  if (providers?.coingecko) sources.push(new CoinGeckoProvider(providers.coingecko))
  if (providers?.chainlink) {
    sources.push(
      new ChainlinkProvider({
        feeds: providers.chainlink.feeds,
        heartbeatSeconds: providers.chainlink.heartbeatSeconds,
        heartbeatMarginSeconds: providers.chainlink.heartbeatMarginSeconds,
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
    onError,
    ...(providers?.chainlink
      ? {
          crossCheck: {
            provider: 'chainlink',
            maxDeviation: (providers.chainlink.maxDeviationPercent ?? 5) / 100,
            answer: providers.chainlink.onDeviation === 'chainlink' ? 'second' : 'unknown'
          },
          onDeviation
        }
      : {})
  })
}

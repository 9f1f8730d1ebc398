import type { ChainConfig, ServerConfig } from '../config/ServerConfig.js'
import type { Store } from '../db/Store.js'
import { EtherscanHistoryProvider } from './EtherscanHistoryProvider.js'
import type { HistoryProvider } from './HistoryProvider.js'
import { IndexerHistoryProvider } from './IndexerHistoryProvider.js'

/**
 * The chains the history indexer follows: every configured chain whose history no explorer API
 * serves (the indexer itself keeps the eip155 ones).
 *
 * @param config - The parsed server configuration.
 */
export function indexedChains(config: Pick<ServerConfig, 'chains' | 'historyProviders'>): ChainConfig[] {
  const served = new Set([...(config.historyProviders?.etherscan?.chains ?? []), ...(config.historyProviders?.blockscout ?? []).map(entry => entry.chain)])
  return config.chains.filter(chain => !served.has(chain.caipNetworkId))
}

/**
 * The history source of every eip155 chain of the configuration: one provider object per source,
 * shared by its chains (so each keeps one circuit breaker per chain for the server's life).
 *
 * @param config - The parsed server configuration.
 * @param store - The database (for the indexer's rows).
 * @returns Provider by CAIP-2 id.
 */
export function createHistoryProviders(config: Pick<ServerConfig, 'chains' | 'historyProviders'>, store: Store): Map<string, HistoryProvider> {
  const byId = new Map(config.chains.map(chain => [chain.caipNetworkId, chain]))
  const providers = new Map<string, HistoryProvider>()
  const indexer = new IndexerHistoryProvider(store)
  for (const chain of indexedChains(config)) if (chain.caipNetworkId.startsWith('eip155:')) providers.set(chain.caipNetworkId, indexer)
  const etherscan = config.historyProviders?.etherscan
  if (etherscan) {
    const chains = etherscan.chains.flatMap(id => byId.get(id) ?? [])
    const provider = new EtherscanHistoryProvider({
      name: 'etherscan',
      apiKey: etherscan.apiKey,
      baseUrl: etherscan.baseUrl,
      chains,
      timeoutMs: etherscan.timeoutMs,
      pageSize: etherscan.pageSize
    })
    for (const chain of chains) providers.set(chain.caipNetworkId, provider)
  }
  for (const entry of config.historyProviders?.blockscout ?? []) {
    const chain = byId.get(entry.chain)
    if (!chain) continue
    providers.set(
      chain.caipNetworkId,
      new EtherscanHistoryProvider({
        name: 'blockscout',
        apiKey: entry.apiKey,
        baseUrl: entry.baseUrl,
        chains: [chain],
        chainIdParam: false,
        timeoutMs: entry.timeoutMs,
        pageSize: entry.pageSize
      })
    )
  }
  return providers
}

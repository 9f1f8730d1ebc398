import type { Hex } from 'viem'
import type { ChainConfig } from '../config/ServerConfig.js'
import type { Store } from '../db/Store.js'
import type { Bundler } from './Bundler.js'
import { LocalBundler } from './LocalBundler.js'
import { RemoteBundler } from './RemoteBundler.js'

/**
 * One bundler per chain with `smartAccounts`: this server's own ({@link LocalBundler}) when the
 * operator gave a key, or a {@link RemoteBundler} forwarding to the operator's external one.
 *
 * @param chains - The configured chains.
 * @param store - The database (the local bundler's record of what it sent).
 * @param timeoutMs - Time each call to a node or an external bundler gets.
 * @returns The bundlers by CAIP-2 id.
 */
export function createBundlers(chains: readonly ChainConfig[], store: Store, timeoutMs: number): Map<string, Bundler> {
  const bundlers = new Map<string, Bundler>()
  for (const chain of chains) {
    const smart = chain.smartAccounts
    if (!smart) continue
    bundlers.set(
      chain.caipNetworkId,
      'operatorKey' in smart.bundler
        ? new LocalBundler({ chain, store, entryPoint: smart.entryPoint, operatorKey: smart.bundler.operatorKey as Hex, opsPerMinute: smart.bundler.opsPerMinute, timeoutMs })
        : new RemoteBundler(chain.caipNetworkId, smart.entryPoint, smart.bundler.url, timeoutMs)
    )
  }
  return bundlers
}

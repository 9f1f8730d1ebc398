import type { ChainConfig } from '../config/ServerConfig.js'

/**
 * `embeddedWalletChains` (builtInChains.ts) without loading the built-in set when chains are configured: the
 * set is made from viem's chain list (`viem/chains`, about 26 MB resident in the server's
 * process), which a server with its own chains never needs (docs/performance.md).
 *
 * @example
 * ```ts
 * const served = await loadEmbeddedWalletChains(config.chains) // config.chains, when it has any
 * ```
 *
 * @param configured - The server configuration's `chains`.
 */
export async function loadEmbeddedWalletChains(configured: readonly ChainConfig[]): Promise<readonly ChainConfig[]> {
  if (configured.length > 0) return configured
  return (await import('./builtInChains.js')).embeddedWalletChains(configured)
}

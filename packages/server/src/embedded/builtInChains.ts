import type { Chain } from 'viem'
import {
  arbitrum,
  arbitrumNova,
  arbitrumSepolia,
  aurora,
  avalanche,
  avalancheFuji,
  base,
  baseSepolia,
  bsc,
  celo,
  gnosis,
  holesky,
  linea,
  lineaSepolia,
  mainnet,
  optimism,
  optimismSepolia,
  polygon,
  polygonAmoy,
  scroll,
  scrollSepolia,
  sepolia,
  zksync,
  zksyncSepoliaTestnet,
  zora
} from 'viem/chains'
import type { ChainConfig } from '../config/ServerConfig.js'

/**
 * The EVM chains the embedded wallet knows without configuration (spec §9: "about 25 EVM chain
 * ids"): 15 well-known mainnets and 10 of their public testnets. Every value (chain id, name,
 * native currency, RPC URL) is viem's own chain definition (`viem/chains`, the version this
 * package installs): its `id`, `name`, `nativeCurrency` and first `rpcUrls.default.http` entry,
 * the chain's public endpoint. They move with viem's updates, as its definitions are maintained.
 */
const EVM_SOURCES: readonly Chain[] = [
  // Mainnets.
  mainnet,
  optimism,
  bsc,
  gnosis,
  polygon,
  zksync,
  base,
  arbitrum,
  arbitrumNova,
  avalanche,
  celo,
  linea,
  scroll,
  zora,
  aurora,
  // Testnets.
  sepolia,
  holesky,
  optimismSepolia,
  baseSepolia,
  arbitrumSepolia,
  polygonAmoy,
  zksyncSepoliaTestnet,
  lineaSepolia,
  avalancheFuji,
  scrollSepolia
]

/** A viem chain as the server's chain configuration: its public RPC, native currency and name. */
function fromViem(chain: Chain): ChainConfig {
  const rpcUrl = chain.rpcUrls.default.http[0]
  if (!rpcUrl) throw new Error(`viem's ${chain.name} has no public RPC URL`)
  const { name, symbol, decimals } = chain.nativeCurrency
  return { caipNetworkId: `eip155:${chain.id}`, name: chain.name, rpcUrl, nativeCurrency: { name, symbol, decimals } }
}

/** The built-in EVM chains (see {@link BUILT_IN_CHAINS}). */
export const BUILT_IN_EVM_CHAINS: readonly ChainConfig[] = EVM_SOURCES.map(fromViem)

/** SOL: 9 decimals (lamports), on every Solana cluster. */
const SOL = { name: 'Solana', symbol: 'SOL', decimals: 9 } as const

/**
 * The Solana clusters the embedded wallet knows without configuration (spec §9: "3 Solana
 * chains"). The ids are CAIP-2 `solana:` plus the first 32 characters of each cluster's genesis
 * hash, as the Solana namespace of CAIP-2 and the WalletConnect / AppKit SDKs write them (AppKit's
 * `SolanaChainIDs` Mainnet, Devnet and Testnet; the modal's own solana adapter uses the same
 * mainnet id). The RPC URLs are the clusters' public endpoints from Solana's documentation
 * ("Clusters and public RPC endpoints"); they are rate-limited and meant for light use, so an
 * operator with traffic configures its own `chains`.
 */
export const BUILT_IN_SOLANA_CHAINS: readonly ChainConfig[] = [
  { caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', name: 'Solana', rpcUrl: 'https://api.mainnet-beta.solana.com', nativeCurrency: SOL },
  { caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', name: 'Solana Devnet', rpcUrl: 'https://api.devnet.solana.com', nativeCurrency: SOL },
  { caipNetworkId: 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z', name: 'Solana Testnet', rpcUrl: 'https://api.testnet.solana.com', nativeCurrency: SOL }
]

/**
 * The embedded wallet's built-in chains: {@link BUILT_IN_EVM_CHAINS} (25) then
 * {@link BUILT_IN_SOLANA_CHAINS} (3). No tokens, swaps, smart accounts or history: those need an
 * operator's configuration.
 */
export const BUILT_IN_CHAINS: readonly ChainConfig[] = [...BUILT_IN_EVM_CHAINS, ...BUILT_IN_SOLANA_CHAINS]

/**
 * The chains the embedded wallet serves (signs on, reads through, lists): the server's configured
 * `chains` when it lists any, else {@link BUILT_IN_CHAINS}. A configuration with chains is taken
 * as it is (the devnet's anvil chains only, say); the built-in set never mixes in.
 *
 * @example
 * ```ts
 * embeddedWalletChains([]).length // 28: the built-in set
 * embeddedWalletChains(config.chains) // config.chains, when it has any
 * ```
 *
 * @param configured - The server configuration's `chains`.
 */
export function embeddedWalletChains(configured: readonly ChainConfig[]): readonly ChainConfig[] {
  return configured.length > 0 ? configured : BUILT_IN_CHAINS
}

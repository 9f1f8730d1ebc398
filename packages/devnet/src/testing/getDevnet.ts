// What the browser test runner's devnet is (test/wtr/devnetPlugin.mjs serves it at /__devnet.json),
// and its chains as the networks a test gives the modal.
import type { NetworkInput } from '@wallet-modal/core'

/** The devnet the browser test runner started. */
export interface DevnetInfo {
  chains: { chainId: number; name: string; rpcUrl: string }[]
  tokens: Record<string, string>
  walletAccount: string
  /** The wallet-modal server running on the devnet (faults enabled). */
  serviceUrl: string
  /** The server's WalletConnect relay. */
  relayUrl: string
  /** The local Solana network (the runtime in-process behind JSON-RPC). */
  solana: {
    rpcUrl: string
    wsUrl: string
    caipNetworkId: `${string}:${string}`
    name: string
    walletAddress: string
    receiverAddress: string
    splMint?: string
  }
}

let cached: DevnetInfo | undefined

/**
 * Reads the devnet description once per test file (one page, one module instance).
 *
 * @example
 * const info = await getDevnet()
 * const modal = createWalletModal({ projectId: 'test', networks: devnetNetworks(info) })
 */
export async function getDevnet(): Promise<DevnetInfo> {
  cached ??= (await (await fetch('/__devnet.json')).json()) as DevnetInfo
  return cached
}

/** The devnet chains as site networks. */
export function devnetNetworks(info: DevnetInfo): NetworkInput[] {
  return info.chains.map(c => ({
    id: c.chainId,
    name: c.name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [c.rpcUrl] } }
  }))
}

/** The local Solana network as a site network. */
export function solanaNetwork(info: DevnetInfo): NetworkInput {
  return {
    id: info.solana.caipNetworkId.split(':')[1]!,
    caipNetworkId: info.solana.caipNetworkId,
    chainNamespace: 'solana',
    name: info.solana.name,
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrls: { default: { http: [info.solana.rpcUrl] } }
  }
}

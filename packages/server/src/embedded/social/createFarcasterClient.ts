import { createAppClient, viemConnector, type AppClient } from '@farcaster/auth-client'
import { createPublicClient, custom, isAddressEqual, type Address } from 'viem'
import { optimism } from 'viem/chains'

// A module of its own, imported on the first Farcaster login: `@farcaster/auth-client` imports
// viem's whole chain list (`viem/chains`, about 26 MB resident in a server that never needs it
// otherwise), so a server nobody logs in to with Farcaster never loads it (docs/performance.md).

/** auth-client's way of reading custody (its type is not exported). */
type EthereumConnector = ReturnType<typeof viemConnector>

/**
 * Custody checks from a fixed list (the devnet): the fid whose configured custody address signed.
 * Signatures are checked by ECDSA recovery (the client has no chain: viem falls back to it).
 */
function fixedCustodyConnector(custody: Record<number, string>): EthereumConnector {
  const offline = createPublicClient({
    chain: optimism,
    transport: custom({
      request: async () => {
        throw new Error('no chain: custody addresses are configured')
      }
    })
  })
  return {
    getFid: async (address: Address) => BigInt(Object.entries(custody).find(([, a]) => isAddressEqual(a as Address, address))?.[0] ?? 0),
    isValidAuthAddress: async () => false,
    publicClient: offline
  }
}

/**
 * The auth relay's client for a `FarcasterConfig` (FarcasterLogins.ts, which loads this module: the
 * type is written out here so that no import goes back): custody read from Farcaster's IdRegistry
 * on Optimism, or from the configured list.
 *
 * @param config - The relay and how custody is checked.
 * @param relayUrl - The relay to use.
 */
export function createFarcasterClient(config: { optimismRpcUrl?: string; custody?: Record<number, string> }, relayUrl: string): AppClient {
  return createAppClient({
    relay: relayUrl,
    ethereum: config.custody ? fixedCustodyConnector(config.custody) : viemConnector({ rpcUrl: config.optimismRpcUrl })
  })
}

// EVM chain ids and networks as the eip155 adapter and its lazily loaded parts (switching,
// transfers, RPC balances) all need them: a module of their own, so those parts do not import the
// adapter that loads them.
import { WalletModalError } from '../../errors/WalletModalError.js'
import type { CaipNetwork } from '../../types/network.js'

/** Hex form of a chain id, as EIP-1193 wallets expect. */
export const toHexChainId = (id: number): `0x${string}` => `0x${id.toString(16)}`

/**
 * The site's network for an EVM chain id, or a placeholder for a chain the site does not list
 * (an EVM wallet picks its own network; the modal then shows UnsupportedChain).
 */
export function evmNetworkFor(networks: readonly CaipNetwork[], chainId: number): CaipNetwork {
  return (
    networks.find(n => n.caipNetworkId === `eip155:${chainId}`) ?? {
      id: chainId,
      caipNetworkId: `eip155:${chainId}`,
      chainNamespace: 'eip155',
      name: `Unknown network (${chainId})`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [] } }
    }
  )
}

/** The network's first RPC URL (the site's, never the wallet's). */
export function rpcUrlOf(network: CaipNetwork): string {
  const url = network.rpcUrls.default.http[0]
  if (!url) throw new WalletModalError('NETWORK_NOT_FOUND', { details: `no RPC URL for ${network.caipNetworkId}` })
  return url
}

/** Chain namespaces the modal knows (polkadot and cosmos are names only, per spec §1). */
export type ChainNamespace = 'eip155' | 'solana' | 'bip122' | 'polkadot' | 'cosmos'

/** The namespaces the modal keeps account and network state for. */
export const WIRED_NAMESPACES = ['eip155', 'solana', 'bip122'] as const

/** A namespace with per-namespace state. */
export type WiredNamespace = (typeof WIRED_NAMESPACES)[number]

/** A CAIP-2 network id, `namespace:reference`. */
export type CaipNetworkId = `${string}:${string}`

/** A CAIP-10 account id, `namespace:reference:address`. */
export type CaipAddress = `${string}:${string}:${string}`

/** A network the site supports (spec §3 Network). */
export interface CaipNetwork {
  /** Chain id within its namespace (a number on eip155). */
  id: number | string
  /** `namespace:chainId`. */
  caipNetworkId: CaipNetworkId
  chainNamespace: WiredNamespace
  name: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  rpcUrls: { default: { http: readonly string[] } }
  blockExplorers?: { default: { name: string; url: string } }
  testnet?: boolean
  /** Image of the network: an `https:` or `data:` URL. */
  assets?: { imageUrl?: string; imageId?: string }
  /** Contracts the modal may use (viem's chain shape): Multicall3 for balance reads without a data API. */
  contracts?: { multicall3?: { address: string } }
}

/** What a site passes to describe a network; `caipNetworkId` is derived when missing. */
export type NetworkInput = Omit<CaipNetwork, 'caipNetworkId' | 'chainNamespace' | 'rpcUrls'> & {
  /** Required on eip155 and solana; Bitcoin networks are read through the wallet. */
  rpcUrls?: CaipNetwork['rpcUrls']
  caipNetworkId?: CaipNetworkId
  chainNamespace?: WiredNamespace
}

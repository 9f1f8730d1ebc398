import type { CaipNetwork } from '../types/network.js'

/** Two EVM networks and one Solana network for controller tests. */
export const TEST_NETWORKS: CaipNetwork[] = [
  {
    id: 31337,
    caipNetworkId: 'eip155:31337',
    chainNamespace: 'eip155',
    name: 'Devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: ['http://127.0.0.1:1/'] } }
  },
  {
    id: 31338,
    caipNetworkId: 'eip155:31338',
    chainNamespace: 'eip155',
    name: 'Devnet 2',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: ['http://127.0.0.1:2/'] } }
  },
  {
    id: 'devnet',
    caipNetworkId: 'solana:devnet',
    chainNamespace: 'solana',
    name: 'Solana Devnet',
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrls: { default: { http: ['http://127.0.0.1:3/'] } }
  }
]

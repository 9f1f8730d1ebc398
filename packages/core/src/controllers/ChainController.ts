import { proxy, ref } from 'valtio/vanilla'
import type { AccountState, NetworkState, PreferredAccountType } from '../types/account.js'
import type { CaipNetwork, WiredNamespace } from '../types/network.js'
import { WIRED_NAMESPACES } from '../types/network.js'
import { addressExplorerUrl } from '../utils/explorer.js'

/** State of one namespace: its account and its network. */
export interface NamespaceState {
  account: AccountState
  network: NetworkState
}

/** Chain state: one entry per namespace (spec §3, per chain state) and the active namespace. */
export interface ChainState {
  activeNamespace: WiredNamespace
  namespaces: Record<WiredNamespace, NamespaceState>
}

/** Spec §9 default account types per namespace (the user's preference until they change it). */
export const DEFAULT_ACCOUNT_TYPES: Record<'eip155' | 'solana' | 'polkadot' | 'bip122', PreferredAccountType> = {
  eip155: 'smartAccount',
  solana: 'eoa',
  polkadot: 'eoa',
  bip122: 'payment'
}

const emptyAccount = (ns: WiredNamespace): AccountState => ({
  status: 'disconnected',
  balanceLoading: false,
  preferredAccountType: DEFAULT_ACCOUNT_TYPES[ns],
  currentTab: 0
})

/** Per-namespace account and network state. */
export function createChainController(networks: readonly CaipNetwork[], defaultNetwork: CaipNetwork) {
  const namespaces = {} as Record<WiredNamespace, NamespaceState>
  for (const ns of WIRED_NAMESPACES) {
    const requested = networks.filter(n => n.chainNamespace === ns)
    namespaces[ns] = {
      account: emptyAccount(ns),
      network: {
        caipNetwork: ns === defaultNetwork.chainNamespace ? ref({ ...defaultNetwork }) : requested[0] ? ref({ ...requested[0] }) : undefined,
        requestedCaipNetworks: requested.map(n => ref({ ...n })),
        approvedCaipNetworkIds: [],
        supportsAllNetworks: false
      }
    }
  }
  const state = proxy<ChainState>({ activeNamespace: defaultNetwork.chainNamespace, namespaces })
  // The explorer link follows the account's address and network, whichever changed.
  const followExplorer = (ns: WiredNamespace) => {
    const { account, network } = state.namespaces[ns]
    const url = addressExplorerUrl(network.caipNetwork, account.address)
    if (account.addressExplorerUrl !== url) account.addressExplorerUrl = url
  }
  return {
    state,
    setActiveNamespace(ns: WiredNamespace): void {
      state.activeNamespace = ns
    },
    /** Merges a patch into one namespace's account. */
    setAccount(ns: WiredNamespace, patch: Partial<AccountState>): void {
      Object.assign(state.namespaces[ns].account, patch)
      followExplorer(ns)
    },
    /** Resets a namespace's account to disconnected, clearing address and related data (spec §4). */
    resetAccount(ns: WiredNamespace): void {
      state.namespaces[ns].account = emptyAccount(ns)
    },
    /** Sets the current network of a namespace (may be one the site does not list). */
    setNetwork(ns: WiredNamespace, network: CaipNetwork): void {
      state.namespaces[ns].network.caipNetwork = ref({ ...network })
      followExplorer(ns)
    },
    /**
     * What the connected wallet accepts (spec §3): the networks it approved, and whether it takes
     * others too (false: only those; a WalletConnect wallet without `wallet_addEthereumChain`).
     */
    setApprovedNetworkIds(ns: WiredNamespace, ids: string[], supportsAllNetworks = state.namespaces[ns].network.supportsAllNetworks): void {
      state.namespaces[ns].network.approvedCaipNetworkIds = ids
      state.namespaces[ns].network.supportsAllNetworks = supportsAllNetworks
    },
    /** The chain ids where the embedded wallet offers a smart account on this namespace. */
    setSmartAccountNetworks(ns: WiredNamespace, ids: number[]): void {
      state.namespaces[ns].network.smartAccountEnabledNetworks = ids
    },
    /** The active namespace's account. */
    activeAccount(): AccountState {
      return state.namespaces[state.activeNamespace].account
    },
    /** The active namespace's current network. */
    activeNetwork(): CaipNetwork | undefined {
      return state.namespaces[state.activeNamespace].network.caipNetwork
    },
    /** True when the namespace's current network is one the site lists. */
    isNetworkSupported(ns: WiredNamespace = state.activeNamespace): boolean {
      const { caipNetwork, requestedCaipNetworks } = state.namespaces[ns].network
      return !!caipNetwork && requestedCaipNetworks.some(n => n.caipNetworkId === caipNetwork.caipNetworkId)
    },
    /** Connected if any namespace is (spec §4). */
    isConnected(): boolean {
      return WIRED_NAMESPACES.some(ns => state.namespaces[ns].account.status === 'connected')
    }
  }
}

/** The chain controller's type. */
export type ChainController = ReturnType<typeof createChainController>

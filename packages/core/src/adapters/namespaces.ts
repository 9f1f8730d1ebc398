import type { WiredNamespace } from '../types/network.js'

/** What a namespace supports (spec §9), so flows and views ask instead of naming namespaces. */
export type NamespaceFeature = 'balances' | 'send' | 'receive' | 'onramp' | 'swaps' | 'activity' | 'names' | 'pairedWallets' | 'smartAccounts' | 'siteWallets'

/** What the modal knows of a namespace without loading its adapter. */
export interface NamespaceInfo {
  /** How the namespace is named to people (tags in lists). */
  label: string
  /** Its SLIP-44 coin type: the key of its address in name-service records. */
  coinType: string
  /**
   * The coin type of one of its networks, when a name may point to an address on that network only
   * (ENSIP-11 on EVM: `0x80000000 | chainId`; a smart account's name is registered so).
   */
  networkCoinType?: (chainId: number) => string
  /** Spec §9 chain support. */
  supports: Readonly<Record<NamespaceFeature, boolean>>
  /**
   * Directory wallets kept on phones without a mobile link while this namespace is active (spec
   * §5: Solflare and Phantom on Solana; their apps open a dapp through their own links). Matched
   * in the wallet's lower-cased name.
   */
  mobileWithoutLink?: readonly string[]
  /**
   * The spec §9 on-ramp providers that sell on this namespace ('meld' on EVM and Solana,
   * 'coinbase' on EVM): listed when the service's own provider list cannot be read.
   */
  onrampProviders?: readonly string[]
}

/**
 * The namespace registry's data half (the adapters' loaders are in `registry.ts`). Spec §9:
 * balances, send and on-ramp on eip155 and solana; names and activity on eip155 only; swaps on
 * eip155; Bitcoin shows addresses only. Each flag names a capability, never a protocol, so flows
 * ask "can this namespace do X" rather than "is this eip155". `pairedWallets`: a wallet on another
 * device (a phone, by QR code or link) pairs on this namespace through the modal's sessions
 * (eip155 only so far). `smartAccounts`: the embedded wallet's account there can be an ERC-4337
 * smart account (spec §3, §9: eip155). `siteWallets`: a wallet object a site hands over (its
 * `connectors` option) connects on this namespace.
 */
export const NAMESPACE_INFO: Readonly<Record<WiredNamespace, NamespaceInfo>> = {
  eip155: {
    label: 'EVM',
    coinType: '60',
    networkCoinType: id => String((0x80000000 | id) >>> 0),
    supports: {
      balances: true,
      send: true,
      receive: true,
      onramp: true,
      swaps: true,
      activity: true,
      names: true,
      pairedWallets: true,
      smartAccounts: true,
      siteWallets: true
    },
    onrampProviders: ['meld', 'coinbase']
  },
  solana: {
    label: 'Solana',
    coinType: '501',
    supports: {
      balances: true,
      send: true,
      receive: true,
      onramp: true,
      swaps: false,
      activity: false,
      names: false,
      pairedWallets: false,
      smartAccounts: false,
      siteWallets: false
    },
    mobileWithoutLink: ['solflare', 'phantom'],
    onrampProviders: ['meld']
  },
  bip122: {
    label: 'Bitcoin',
    coinType: '0',
    supports: {
      balances: false,
      send: false,
      receive: true,
      onramp: false,
      swaps: false,
      activity: false,
      names: false,
      pairedWallets: false,
      smartAccounts: false,
      siteWallets: false
    }
  }
}

/**
 * Whether a namespace supports a feature.
 * @example namespaceSupports('solana', 'activity') // false
 */
export function namespaceSupports(ns: WiredNamespace, feature: NamespaceFeature): boolean {
  return NAMESPACE_INFO[ns].supports[feature]
}

/** How a namespace is named to people ('EVM', 'Solana', 'Bitcoin'). */
export const namespaceLabel = (ns: WiredNamespace): string => NAMESPACE_INFO[ns].label

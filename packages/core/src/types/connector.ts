import type { WiredNamespace } from './network.js'

/** Connector kinds of spec §3. */
export type ConnectorType = 'INJECTED' | 'ANNOUNCED' | 'EXTERNAL' | 'WALLET_CONNECT' | 'AUTH' | 'MULTI_CHAIN'

/** Minimal EIP-1193 provider surface the modal relies on. */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on?(event: string, listener: (...args: any[]) => void): unknown
  removeListener?(event: string, listener: (...args: any[]) => void): unknown
}

/** A way to connect a wallet (spec §3 Connector). */
export interface Connector {
  /** Stable id: `injected`, `walletConnect`, or the rdns for announced wallets. */
  id: string
  name: string
  type: ConnectorType
  /** The namespace this connector connects on. */
  chain: WiredNamespace
  /** Image as `data:` or `https:` URL; anything else is dropped. */
  imageUrl?: string
  /** The wallet's image in the directory (`/getWalletImage/{imageId}`), once the directory names it (matched by rdns). */
  imageId?: string
  /** The wallet's id in the directory, once the directory lists it (matched by rdns). */
  explorerId?: string
  /** The CAIP-2 networks it can connect on: the site's networks of its family unless it names its own. */
  chains?: string[]
  info?: { rdns?: string; uuid?: string }
  /** The wallet's provider; kept out of valtio's deep proxying. */
  provider?: Eip1193Provider
  /**
   * The wallet itself on other namespaces (a Wallet Standard wallet on solana, a sats-connect
   * provider entry on bip122); kept out of valtio's deep proxying.
   */
  handle?: unknown
  /** A merged multi-chain entry: the same wallet's connector on each namespace (spec §4). */
  connectors?: Connector[]
}

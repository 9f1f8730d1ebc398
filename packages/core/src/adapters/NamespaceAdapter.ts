import type { Connector } from '../types/connector.js'
import type { CaipNetwork } from '../types/network.js'

/** A Bitcoin account (spec §3): payment or ordinal. */
export interface BitcoinAccount {
  namespace: 'bip122'
  address: string
  publicKey: string
  path?: string
  type: 'payment' | 'ordinal'
}

/** What connecting on a non-EVM namespace yields. */
export interface NamespaceConnection {
  address: string
  network: CaipNetwork
  /** Every account the wallet gave (Bitcoin: payment and ordinal). */
  accounts?: BitcoinAccount[]
}

/** Callbacks for a connected wallet's events. */
export interface NamespaceListeners {
  onAccountsChanged(addresses: string[]): void
  onDisconnect(): void
}

/**
 * A chain adapter for a namespace other than eip155 (solana, bip122). Each is its own chunk,
 * loaded once the page is idle or when the modal needs it, and only when the site lists networks
 * of its namespace. Wallet errors are translated into WalletModalError inside the adapter.
 */
export interface NamespaceAdapter {
  namespace: 'solana' | 'bip122'
  /** Finds wallets of this namespace; returns the function that stops looking. */
  watch(add: (connector: Connector) => void, networks: readonly CaipNetwork[]): () => void
  /** Asks the wallet for its account (a prompt). */
  connect(connector: Connector, networks: readonly CaipNetwork[]): Promise<NamespaceConnection>
  /** Restores a connection without a prompt; undefined when the wallet forgot the site. */
  reconnect(connector: Connector, networks: readonly CaipNetwork[]): Promise<NamespaceConnection | undefined>
  disconnect(connector: Connector): Promise<void>
  /** Native balance for display (namespaces without balances return undefined). */
  getBalance(network: CaipNetwork, address: string): Promise<{ balance: string; symbol: string } | undefined>
  listen(connector: Connector, listeners: NamespaceListeners): () => void
  /** Signs a text message with the account; returns the signature as the namespace writes it. */
  signMessage(connector: Connector, address: string, message: string): Promise<string>
  /** Sends native currency (`amount` in the smallest unit); returns the transaction id. */
  sendNative?(connector: Connector, network: CaipNetwork, from: string, to: string, amount: bigint): Promise<string>
  /**
   * Sends a token (solana: an SPL or Token-2022 mint; `amount` in its base units), creating the
   * receiver's token account when it has none; returns the transaction id.
   */
  sendToken?(connector: Connector, network: CaipNetwork, from: string, to: string, token: { address: string; decimals: number }, amount: bigint): Promise<string>
}

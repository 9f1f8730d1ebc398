import type { AccountStatus, ConnectedWalletInfo } from '../types/account.js'
import type { CaipAddress, CaipNetwork, WiredNamespace } from '../types/network.js'
import type { Eip1193Provider } from '../types/connector.js'
import type { ThemeMode } from '../controllers/ThemeController.js'
import type { ModalEventListener } from '../controllers/EventsController.js'
import type { RouterData, ViewId } from '../controllers/RouterController.js'

/** Options of {@link WalletModal.open} (flows/openModal.ts). */
export interface OpenModalOptions {
  /** A view to open instead of the default one (spec §2: an explicit view wins). */
  view?: ViewId
  data?: RouterData
}

/** What {@link WalletModal.getAccount} returns. */
export interface AccountInfo {
  address?: string
  caipAddress?: CaipAddress
  isConnected: boolean
  status: AccountStatus
  balance?: string
  balanceSymbol?: string
  /** The account's page on its network's block explorer, when the network names one. */
  addressExplorerUrl?: string
  namespace: WiredNamespace
  /** The wallet connected (spec §3 connectedWalletInfo): a phone wallet's own name and icon over WalletConnect. */
  walletInfo?: ConnectedWalletInfo
}

/** What {@link WalletModal.getState} returns. */
export interface PublicState {
  open: boolean
  loading: boolean
  selectedNetworkId?: string
  activeChain: WiredNamespace
}

/** Options of {@link WalletModal.disconnect}. */
export interface DisconnectOptions {
  /** Disconnect only this namespace; the others stay connected. */
  namespace?: WiredNamespace
}

/**
 * The site-facing API: what `createWalletModal(options)` returns. Everything else of the core is
 * internal and may change between versions.
 *
 * @example
 * const modal = createWalletModal({ projectId: 'my-project', networks: [mainnet] })
 * modal.subscribeEvents(e => e.type === 'CONNECT_SUCCESS' && console.log(e.data.address))
 * await modal.open({ view: 'Connect' })
 */
export interface WalletModal {
  /** Opens the modal (optionally on a given view). */
  open(options?: OpenModalOptions): void
  /** Closes the modal. */
  close(): void
  /**
   * Connects a wallet by connector id without the modal's list (a site's own button);
   * `'walletConnect'` opens the QR code. Resolves with the address.
   */
  connect(connectorId: string): Promise<string>
  /** Disconnects every connected namespace, or only `{ namespace }`. */
  disconnect(options?: DisconnectOptions): Promise<void>
  /**
   * Signs a text message with the active namespace's account: a hex signature on eip155, base58
   * on solana, base64 on bip122. Rejects with a `WalletModalError` ('Signature declined' when the
   * wallet says no).
   */
  signMessage(message: string): Promise<string>
  /**
   * Sends the active network's native currency (`amount` in whole units, e.g. '0.01') from the
   * connected account; resolves with the transaction hash or signature.
   */
  sendNative(args: { to: string; amount: string }): Promise<string>
  /**
   * Reads the active account's balances again (native and tokens), past the cache: for a site
   * that moved funds itself (a faucet, its own backend).
   *
   * @example
   * ```ts
   * await fetch('/api/faucet', { method: 'POST' })
   * await modal.refreshBalance()
   * ```
   */
  refreshBalance(): Promise<void>
  /** Signs in the connected account (SIWX); rejects with 'SIWX is not enabled' without `siwx`/`siweConfig`. */
  signIn(): Promise<void>
  /** Revokes the active account's sign-in session on its network. */
  signOut(): Promise<void>
  /** Offers only these namespaces' wallets (undefined: all). */
  setNamespaceFilter(namespaces?: WiredNamespace[]): void
  /** Switches to one of the site's networks (a CAIP-2 id or the network). */
  switchNetwork(network: CaipNetwork | string): Promise<void>
  /** The active (or given) namespace's account. */
  getAccount(namespace?: WiredNamespace): AccountInfo
  /**
   * The connected wallet's EIP-1193 provider (an extension's, or the WalletConnect session's),
   * for the site's own requests. Undefined when not connected or not an EIP-1193 wallet.
   */
  getWalletProvider(namespace?: WiredNamespace): Eip1193Provider | undefined
  /** The active network. */
  getNetwork(): CaipNetwork | undefined
  /** Open state and the selected network. */
  getState(): PublicState
  /** Calls `cb` with {@link PublicState} whenever the modal or chain state changes; returns the unsubscribe. */
  subscribeState(cb: (state: PublicState) => void): () => void
  /** Calls `cb` for every modal event; returns the unsubscribe. */
  subscribeEvents(cb: ModalEventListener): () => void
  setThemeMode(mode: ThemeMode): void
  /**
   * Switches the modal's language (a BCP 47 tag; the nearest locale with a catalogue). Resolves
   * once the new strings show; rejects, keeping the current language, for a tag without one.
   *
   * @example
   * ```ts
   * await modal.setLocale('fr')
   * ```
   */
  setLocale(locale: string): Promise<void>
  /** The active locale (`en`, `fr`, `pt-BR`...). */
  getLocale(): string
  setThemeVariables(vars: Record<string, string | number>): void
  /**
   * Releases everything the modal added (single-page apps that unmount, tests): page and wallet
   * listeners, wallet discovery, timers and idle tasks, waits for a wallet, requests in flight
   * (they fail with 'Request was aborted'), and the WalletConnect client and its listeners.
   *
   * @example
   * ```ts
   * const modal = createWalletModal({ projectId, networks })
   * // …the page that showed it goes away:
   * modal.destroy()
   * ```
   */
  destroy(): void
  /** Resolves when the start-up reconnect attempt has finished (true when a connection was restored). */
  readonly ready: Promise<boolean>
}

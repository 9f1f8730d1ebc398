import { computed, signal, type Signal } from '@angular/core'
import type {
  AccountInfo,
  CaipNetwork,
  ConnectedWalletInfo,
  DisconnectOptions,
  OpenModalOptions,
  PublicState,
  ThemeMode,
  WalletModal,
  WalletModalInitialState
} from '@wallet-modal/core'
import {
  inBrowser,
  latestEventRead,
  notReady,
  readTheme,
  serverAccount,
  serverNetwork,
  serverState,
  shallowEqual,
  subscribeTheme,
  type LatestModalEvent,
  type WalletModalThemeState
} from '@wallet-modal/core/internal'

/** Options of {@link WalletModalService}. */
export interface WalletModalServiceOptions {
  /**
   * What the server read from the `cookieStorage` cookie (`cookieToInitialState`): a server render
   * shows the returning visitor's account, as the browser's first render will.
   */
  initialState?: WalletModalInitialState | undefined
  /** A server render (Angular SSR): the signals hold the server snapshot and nothing is subscribed. Default: no `window`. */
  server?: boolean
}

/**
 * The modal's state as Angular signals, and its actions. A plain class (no decorator, so it ships
 * as plain JavaScript): `provideWalletModal(modal)` provides it, components `inject(WalletModalService)`.
 * In a browser the signals follow the modal (equal values do not notify) until `destroy()`, which
 * the provider calls when its injector is destroyed. On the server, or without a modal, they hold
 * what a server render shows and nothing is subscribed.
 *
 * @example
 * ```ts
 * @Component({
 *   selector: 'app-account',
 *   template: `<p>{{ wallet.account().isConnected ? wallet.account().address : 'Not connected' }}</p>`
 * })
 * export class Account {
 *   protected readonly wallet = inject(WalletModalService)
 * }
 * ```
 */
export class WalletModalService {
  /** The connected account of the active namespace: address, CAIP-10 address, status, balance, wallet. */
  readonly account: Signal<AccountInfo>
  /** The active network (one of the site's, or the wallet's when it moved elsewhere). */
  readonly network: Signal<CaipNetwork | undefined>
  /** Whether the modal is open or loading, the selected network and the active namespace. */
  readonly state: Signal<PublicState>
  /** The latest modal event (`MODAL_OPEN`, `CONNECT_SUCCESS`, ...) with its time; `{ data: undefined }` before the first. */
  readonly lastEvent: Signal<LatestModalEvent>
  /** The modal's theme: `themeMode` and the `--wm-*` overrides. */
  readonly theme: Signal<WalletModalThemeState>
  /** The connected wallet's name and icon (AppKit's `walletInfo`); undefined until one is connected. */
  readonly walletInfo: Signal<ConnectedWalletInfo | undefined>
  private readonly offs: (() => void)[] = []

  /**
   * @param modal - The modal `createWalletModal` made; undefined on the server.
   * @param options - `initialState` (from the cookie) and `server`.
   */
  constructor(
    readonly modal: WalletModal | undefined,
    options: WalletModalServiceOptions = {}
  ) {
    const live = !!modal && !(options.server ?? !inBrowser())
    const { initialState } = options
    this.account = this.follow(
      live,
      () => modal!.getAccount(),
      () => serverAccount(modal, initialState)
    )
    this.network = this.follow(
      live,
      () => modal!.getNetwork(),
      () => serverNetwork(modal, initialState)
    )
    this.state = this.follow(
      live,
      () => modal!.getState(),
      () => serverState(modal, initialState)
    )
    this.theme = this.follow(
      live,
      () => readTheme(modal),
      () => readTheme(modal),
      onChange => subscribeTheme(modal!, onChange)
    )
    const events = latestEventRead()
    this.lastEvent = this.follow(
      live,
      () => events.read(modal!),
      events.server,
      onChange => events.subscribe(modal!, onChange)
    )
    // getAccount gives the same frozen copy until the wallet changes: this changes only then.
    this.walletInfo = computed(() => this.account().walletInfo)
  }

  /** A read-only signal of one value: live (and subscribed) or the server's. */
  private follow<T>(live: boolean, read: () => T, server: () => T, subscribe = (onChange: () => void) => this.modal!.subscribeState(onChange)): Signal<T> {
    if (!live) return signal(server()).asReadonly()
    const value = signal(read(), { equal: shallowEqual })
    this.offs.push(subscribe(() => value.set(read())))
    return value.asReadonly()
  }

  /** Opens the modal, on its default view (Connect, or Account when connected) or the given one; throws without a modal. */
  open(options?: OpenModalOptions): void {
    if (!this.modal) throw notReady('open()')
    this.modal.open(options)
  }

  /** Closes the modal. */
  close(): void {
    this.modal?.close()
  }

  /** Disconnects every connected namespace, or one; rejects without a modal. */
  disconnect(options?: DisconnectOptions): Promise<void> {
    return this.modal ? this.modal.disconnect(options) : Promise.reject(notReady('disconnect()'))
  }

  /** Switches to one of the site's networks (the network or its CAIP-2 id); rejects without a modal. */
  switchNetwork(network: CaipNetwork | string): Promise<void> {
    return this.modal ? this.modal.switchNetwork(network) : Promise.reject(notReady('switchNetwork()'))
  }

  setThemeMode(mode: ThemeMode): void {
    this.modal?.setThemeMode(mode)
  }

  /** Overrides `--wm-*` CSS custom properties (others are ignored). */
  setThemeVariables(vars: Record<string, string | number>): void {
    this.modal?.setThemeVariables(vars)
  }

  /** Stops following the modal: the signals keep their last values. (The modal itself lives on.) */
  destroy(): void {
    for (const off of this.offs.splice(0)) off()
  }
}

import type {
  AccountInfo,
  ModalEventListener,
  OpenModalOptions,
  PublicState,
  WalletModal,
  WalletModalOptions,
  WiredNamespace
} from '@wallet-modal/core/internal'
import { REAL_CORE } from '../coreRegistry.js'
import { bootLook, defaultNamespaceOf, type BootLook } from './bootLook.js'

/** What the bootstrap knows before the modal's code has loaded. */
export interface BootState {
  options?: WalletModalOptions
  look: BootLook
  /** A click (or `open()`) waiting for the modal's code. */
  pendingOpen?: OpenModalOptions
  /** The real modal, once made. */
  modal?: WalletModal
}

/**
 * The modal a site gets from the bootstrap entry at once: the same API as the real one, which it
 * stands for once loaded (other properties are the real modal's, once made). Before that, calls that return promises wait for it, settings are kept
 * and applied to it, `open()` loads it, and reads answer from what is stored (a returning
 * visitor's account reads as reconnecting, as it will in the real modal's first state).
 */
export function createBootModal(state: BootState, load: () => Promise<WalletModal>, loaded: Promise<WalletModal>, repaint: () => void): WalletModal {
  const real = () => state.modal
  const later = <T>(call: (m: WalletModal) => T | Promise<T>): Promise<T> => load().then(call)
  const settings: ((m: WalletModal) => void)[] = []
  const kept = (apply: (m: WalletModal) => void) => {
    const m = real()
    if (m) apply(m)
    else settings.push(apply)
  }
  void loaded.then(m => settings.splice(0).forEach(apply => apply(m)))
  /** A listener registered before the modal exists: subscribed to it once it does. */
  const subscribeLater = <L>(subscribe: (m: WalletModal, listener: L) => () => void, listener: L): (() => void) => {
    const m = real()
    if (m) return subscribe(m, listener)
    let off: (() => void) | undefined
    let live = true
    void loaded.then(m2 => {
      if (live) off = subscribe(m2, listener)
    })
    return () => {
      live = false
      off?.()
    }
  }
  const namespaceOf = (): WiredNamespace => (defaultNamespaceOf(state.options) ?? 'eip155') as WiredNamespace
  const modal: WalletModal & { [REAL_CORE]: () => unknown } = {
    [REAL_CORE]: () => real(),
    open(options) {
      const m = real()
      if (m) return m.open(options)
      state.pendingOpen = options ?? {}
      repaint()
      void load().catch(() => undefined)
    },
    close() {
      const m = real()
      if (m) return m.close()
      state.pendingOpen = undefined
      repaint()
    },
    connect: id => later(m => m.connect(id)),
    disconnect: options => later(m => m.disconnect(options)),
    signMessage: message => later(m => m.signMessage(message)),
    sendNative: args => later(m => m.sendNative(args)),
    refreshBalance: () => later(m => m.refreshBalance()),
    signIn: () => later(m => m.signIn()),
    signOut: () => later(m => m.signOut()),
    switchNetwork: network => later(m => m.switchNetwork(network)),
    setLocale: locale => later(m => m.setLocale(locale)),
    setNamespaceFilter: namespaces => kept(m => m.setNamespaceFilter(namespaces)),
    setThemeMode(mode) {
      if (!real()) {
        state.look = { ...state.look, themeMode: mode }
        repaint()
      }
      kept(m => m.setThemeMode(mode))
    },
    setThemeVariables(vars) {
      if (!real()) {
        state.look = { ...state.look, themeVariables: { ...state.look.themeVariables, ...vars } }
        repaint()
      }
      kept(m => m.setThemeVariables(vars))
    },
    getAccount(namespace): AccountInfo {
      const m = real()
      if (m) return m.getAccount(namespace)
      const ns = namespace ?? namespaceOf()
      const a = ns === namespaceOf() ? state.look.account : undefined
      return a
        ? { address: a.address, isConnected: false, status: 'reconnecting', namespace: ns }
        : { isConnected: false, status: 'disconnected', namespace: ns }
    },
    getWalletProvider: namespace => real()?.getWalletProvider(namespace),
    getNetwork: () => real()?.getNetwork(),
    getState(): PublicState {
      return real()?.getState() ?? { open: false, loading: state.pendingOpen !== undefined, activeChain: namespaceOf() }
    },
    getLocale: () => real()?.getLocale() ?? state.look.locale,
    subscribeState: listener => subscribeLater((m, l: (s: PublicState) => void) => m.subscribeState(l), listener),
    subscribeEvents: listener => subscribeLater((m, l: ModalEventListener) => m.subscribeEvents(l), listener),
    /** Waits for the modal's code (loading it now), then for its start-up reconnect. */
    get ready() {
      return load().then(m => m.ready)
    },
    destroy() {
      settings.length = 0
      real()?.destroy()
    }
  }
  // Anything else a site reads of the modal (core's internals, which the full entry's object
  // also is) is the real one's, once made.
  return new Proxy(modal, {
    get: (target, key, receiver) =>
      key in target ? Reflect.get(target, key, receiver) : (real() as unknown as Record<PropertyKey, unknown> | undefined)?.[key]
  })
}

export { bootLook }

// What the Vue, Svelte and Angular bindings read of a modal, framework-neutral: the live values,
// how to hear of their changes, and the values a server render shows (no modal, or a modal in Node
// that never starts, plus what the request's cookie said). One copy here, in the internal entry,
// so the three packages read the modal alike (React has its own, over useSyncExternalStore).
import { snapshot, subscribe } from 'valtio/vanilla'
import type { Core } from '../core/Core.js'
import type { AccountInfo, PublicState, WalletModal } from '../core/WalletModal.js'
import type { ModalEvent } from '../controllers/EventsController.js'
import type { ThemeMode } from '../controllers/ThemeController.js'
import type { CaipNetwork, WiredNamespace } from '../types/network.js'
import type { WalletModalInitialState } from '../utils/cookieStorage.js'

/** True in a browser; false during a server render (Nuxt, SvelteKit, Angular SSR) and in Node. */
export function inBrowser(): boolean {
  return typeof window !== 'undefined' && typeof document !== 'undefined'
}

/** Shallow equality of plain values: same keys, each value `Object.is` (an unchanged read is not a change). */
export function shallowEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true
  if (!a || !b || typeof a !== 'object' || typeof b !== 'object') return false
  const ka = Object.keys(a)
  const kb = Object.keys(b)
  return ka.length === kb.length && ka.every(k => Object.is((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
}

/** The modal's theme: its mode and its `--wm-*` overrides. */
export interface WalletModalThemeState {
  themeMode: ThemeMode
  themeVariables: Readonly<Record<string, string | number>>
}

/** The latest modal event and when it came (`Date.now()`); both undefined before the first. */
export interface LatestModalEvent {
  data: ModalEvent | undefined
  timestamp: number | undefined
}

/** No event yet. */
const NO_EVENT: LatestModalEvent = Object.freeze({ data: undefined, timestamp: undefined })

/** How a binding reads one value of the modal (a Vue ref, a Svelte store, an Angular signal). */
export interface ModalRead<T> {
  /** The live value. */
  read(modal: WalletModal): T
  /** What a server render shows (no modal, or not in a browser). */
  server(): T
  /** Calls `onChange` when the value may have changed; returns the unsubscribe (default: `subscribeState`). */
  subscribe?(modal: WalletModal, onChange: () => void): () => void
}

/**
 * How a binding reads the latest modal event: the modal keeps no latest event, so each reader keeps
 * the last one it heard (make one per ref, store or signal).
 */
export function latestEventRead(): Required<ModalRead<LatestModalEvent>> {
  let last = NO_EVENT
  return {
    read: () => last,
    server: () => NO_EVENT,
    subscribe: (modal, onChange) =>
      modal.subscribeEvents(event => {
        last = { data: event, timestamp: Date.now() }
        onChange()
      })
  }
}

const NO_THEME: WalletModalThemeState = Object.freeze({ themeMode: 'light', themeVariables: Object.freeze({}) })

// The theme is not part of the public API's state: a core keeps it in a valtio proxy. A modal from
// the bootstrap entry has it once the modal's code has loaded.
const themeState = (modal: WalletModal) => (modal as Partial<Core>).theme?.state

/** The theme now (valtio's snapshot keeps its identity until the theme changes). */
export function readTheme(modal: WalletModal | undefined): WalletModalThemeState {
  const state = modal && themeState(modal)
  if (!state) return NO_THEME
  const snap = snapshot(state)
  return { themeMode: snap.themeMode, themeVariables: snap.themeVariables }
}

/**
 * Calls `onChange` when the theme may have changed, and on state changes. A bootstrap modal's
 * theme arrives with its code: its state changes as that code starts, and the theme's own
 * subscription is taken then.
 */
export function subscribeTheme(modal: WalletModal, onChange: () => void): () => void {
  let offTheme: (() => void) | undefined
  const follow = () => {
    const state = themeState(modal)
    if (state && !offTheme) offTheme = subscribe(state, onChange)
  }
  follow()
  const offState = modal.subscribeState(() => {
    follow()
    onChange()
  })
  return () => {
    offState()
    offTheme?.()
  }
}

/** The namespace a server render shows: the given one, the cookie's active one, else the modal's. */
function serverNamespace(modal: WalletModal | undefined, initialState: WalletModalInitialState | undefined, ns?: WiredNamespace): WiredNamespace {
  return ns ?? initialState?.activeNamespace ?? modal?.getState().activeChain ?? 'eip155'
}

/**
 * The account a server render shows: a returning visitor's from the cookie, as the browser shows it
 * while the wallet confirms it (`reconnecting`, with the stored address); else none.
 */
export function serverAccount(modal: WalletModal | undefined, initialState: WalletModalInitialState | undefined, namespace?: WiredNamespace): AccountInfo {
  const ns = serverNamespace(modal, initialState, namespace)
  const caipAddress = initialState?.accounts[ns]
  if (caipAddress) return { address: caipAddress.split(':')[2], caipAddress, isConnected: false, status: 'reconnecting', namespace: ns }
  return modal?.getAccount(ns) ?? { isConnected: false, status: 'disconnected', namespace: ns }
}

/** The network a server render shows: the cookie's, else the site's first; none without a modal to name it. */
export function serverNetwork(modal: WalletModal | undefined, initialState: WalletModalInitialState | undefined): CaipNetwork | undefined {
  const id = initialState?.activeNetworkId
  const stored = id ? (modal as Partial<Core> | undefined)?.options?.findNetwork(id) : undefined
  return stored ?? modal?.getNetwork()
}

/** The public state a server render shows: closed, on the cookie's network. */
export function serverState(modal: WalletModal | undefined, initialState: WalletModalInitialState | undefined): PublicState {
  const network = serverNetwork(modal, initialState)
  return {
    open: false,
    loading: false,
    selectedNetworkId: network?.caipNetworkId ?? initialState?.activeNetworkId,
    activeChain: network?.chainNamespace ?? serverNamespace(modal, initialState)
  }
}

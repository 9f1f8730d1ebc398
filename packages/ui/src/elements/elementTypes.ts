// The public, typed face of the two elements: their properties, attributes and `wm-*` events, and
// the global DOM maps that make `document.querySelector('wallet-modal')` and
// `addEventListener('wm-connect', e => e.detail.address)` type-check. Types only: no code.
// custom-elements.json (at the package root) describes the same contract for tools; a browser
// test checks both against the registered elements.
import type { ModalEvent, ThemeMode, WalletModal } from '@wallet-modal/core'

/** The `detail` of the core event `T`. */
type DetailOf<T extends ModalEvent['type']> = Extract<ModalEvent, { type: T }>['data']

/**
 * Every DOM event `<wallet-modal>` dispatches (bubbling and composed, so a listener on the
 * document or any ancestor hears it too), by name.
 *
 * @example
 * ```ts
 * document.querySelector('wallet-modal')!.addEventListener('wm-connect', e => console.log(e.detail.address))
 * ```
 */
export interface WalletModalEventMap {
  /** The modal opened. */
  'wm-open': CustomEvent<DetailOf<'MODAL_OPEN'>>
  /** The modal closed. */
  'wm-close': CustomEvent<DetailOf<'MODAL_CLOSE'>>
  /** A wallet connected: its connector, address, network and namespace. */
  'wm-connect': CustomEvent<DetailOf<'CONNECT_SUCCESS'>>
  /** The wallet (or every wallet of the listed namespaces) disconnected. */
  'wm-disconnect': CustomEvent<DetailOf<'DISCONNECT_SUCCESS'>>
  /** The active network changed. */
  'wm-network-change': CustomEvent<DetailOf<'SWITCH_NETWORK'>>
  /** The connected wallet changed its account. */
  'wm-account-change': CustomEvent<DetailOf<'ACCOUNT_CHANGED'>>
  /** A connection attempt or another operation failed (`connectorId` is set for a connection). */
  'wm-error': CustomEvent<DetailOf<'CONNECT_ERROR'> | DetailOf<'ERROR'>>
}

/** The `theme` attribute's values: a per-element override of the modal's theme mode. */
export type ElementTheme = ThemeMode

/** What both elements have: the modal they render. */
interface WalletModalElementBase extends HTMLElement {
  /**
   * The modal this element renders (an object, so a property, not an attribute); defaults to the
   * one `createWalletModal` made last.
   */
  core: WalletModal | undefined
  /** Mirrors the `theme` attribute. */
  theme: ElementTheme | undefined
}

/**
 * `<wallet-modal>`: the dialog. Attribute `theme`; property `core`; the events of
 * {@link WalletModalEventMap}.
 *
 * @example
 * ```ts
 * const el = document.createElement('wallet-modal')
 * el.core = createWalletModal({ projectId, networks, disableAppend: true })
 * el.addEventListener('wm-disconnect', e => console.log(e.detail.namespaces))
 * document.body.append(el)
 * ```
 */
export interface WalletModalElement extends WalletModalElementBase {
  addEventListener<K extends keyof WalletModalElementEventMap>(
    type: K,
    listener: (this: WalletModalElement, ev: WalletModalElementEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions
  ): void
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void
  removeEventListener<K extends keyof WalletModalElementEventMap>(
    type: K,
    listener: (this: WalletModalElement, ev: WalletModalElementEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions
  ): void
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void
}

/** The events a `<wallet-modal>` element hears: an element's own, and the modal's. */
export interface WalletModalElementEventMap extends HTMLElementEventMap, WalletModalEventMap {}

/**
 * `<connect-button>`: the button that opens the modal. Attributes `label`, `loading-label`,
 * `theme`; property `core`.
 *
 * @example
 * ```ts
 * const button = document.querySelector('connect-button')!
 * button.label = 'Sign in with a wallet'
 * ```
 */
export interface ConnectButtonElement extends WalletModalElementBase {
  /** Mirrors the `label` attribute: the text while disconnected (default 'Connect Wallet'). */
  label: string | undefined
  /** Mirrors the `loading-label` attribute: the text while connecting (default 'Connecting...'). */
  loadingLabel: string | undefined
}

declare global {
  interface HTMLElementTagNameMap {
    'wallet-modal': WalletModalElement
    'connect-button': ConnectButtonElement
  }
  // The events bubble out of the shadow root (composed): the document and the window hear them.
  interface DocumentEventMap extends WalletModalEventMap {}
  interface WindowEventMap extends WalletModalEventMap {}
}

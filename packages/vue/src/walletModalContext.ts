import { hasInjectionContext, inject, type InjectionKey } from 'vue'
import type { WalletModal, WalletModalInitialState } from '@wallet-modal/core'

/**
 * Where a composable finds the modal: given to it, or provided by {@link createWalletModalPlugin}
 * / {@link provideWalletModal}.
 */
export interface WalletModalSource {
  /**
   * The modal (`createWalletModal`'s). Undefined on the server (create it in the browser only): the
   * composables then return what a server render shows and subscribe to nothing.
   */
  modal?: WalletModal | undefined
  /**
   * What the server read from the `cookieStorage` cookie (`cookieToInitialState`): a server render
   * shows the returning visitor's account, as the browser's first render will.
   */
  initialState?: WalletModalInitialState | undefined
}

/** What the plugin provides; also provided by {@link provideWalletModal}. */
export interface WalletModalContext {
  modal: WalletModal | undefined
  initialState: WalletModalInitialState | undefined
}

/** The injection key of the app's modal. */
export const WALLET_MODAL_KEY: InjectionKey<WalletModalContext> = Symbol('wallet-modal')

/**
 * The modal a composable reads: the one in `source` when it names one (`{ modal }`, even
 * undefined), else the app's; a clear error when there is neither.
 */
export function resolveWalletModal(composable: string, source: WalletModalSource = {}): WalletModalContext {
  const provided = hasInjectionContext() ? inject(WALLET_MODAL_KEY, undefined) : undefined
  // A named modal (even undefined, on a server) keeps the app's cookie state unless it brings its own.
  if ('modal' in source) return { modal: source.modal, initialState: source.initialState ?? provided?.initialState }
  if (!provided) throw new Error(`${composable}: no wallet modal. Pass { modal }, or install createWalletModalPlugin(modal) on the app`)
  return source.initialState ? { ...provided, initialState: source.initialState } : provided
}

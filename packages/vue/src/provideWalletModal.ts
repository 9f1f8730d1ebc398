import { provide, type Plugin } from 'vue'
import type { WalletModal, WalletModalInitialState } from '@wallet-modal/core'
import { WALLET_MODAL_KEY } from './walletModalContext.js'

/** Options of {@link createWalletModalPlugin} and {@link provideWalletModal}. */
export interface ProvideWalletModalOptions {
  /** What the server read from the cookie (`cookieToInitialState`), for server renders (Nuxt). */
  initialState?: WalletModalInitialState | undefined
}

/**
 * A Vue plugin that gives the app's modal to every composable (`useWalletModalAccount()` and the
 * rest then need no argument). Pass `undefined` on the server: the composables show the server
 * snapshot there (`initialState`'s account) and subscribe to nothing.
 *
 * @param modal - The modal `createWalletModal` made (in the browser), or undefined on the server.
 * @example
 * ```ts
 * import { createApp } from 'vue'
 * import { createWalletModal } from '@wallet-modal/ui'
 * import { createWalletModalPlugin } from '@wallet-modal/vue'
 *
 * const modal = createWalletModal({ projectId: 'your-project', networks: [mainnet] })
 * createApp(App).use(createWalletModalPlugin(modal)).mount('#app')
 * ```
 */
export function createWalletModalPlugin(modal: WalletModal | undefined, options: ProvideWalletModalOptions = {}): Plugin {
  return {
    install(app) {
      app.provide(WALLET_MODAL_KEY, { modal, initialState: options.initialState })
    }
  }
}

/**
 * Gives a modal to the components below this one (in `setup`), like {@link createWalletModalPlugin}
 * does for the whole app. The component itself passes `{ modal }` to the composables.
 *
 * @example
 * ```ts
 * // WalletArea.vue, <script setup>
 * provideWalletModal(modal)
 * ```
 */
export function provideWalletModal(modal: WalletModal | undefined, options: ProvideWalletModalOptions = {}): void {
  provide(WALLET_MODAL_KEY, { modal, initialState: options.initialState })
}

import type { WalletModalInitialState } from '@wallet-modal/core'

/** Options of the stores. */
export interface WalletModalStoreOptions {
  /**
   * What the server read from the `cookieStorage` cookie (`cookieToInitialState`, in a SvelteKit
   * `load`): a server render shows the returning visitor's account, as the browser's first render will.
   */
  initialState?: WalletModalInitialState | undefined
}

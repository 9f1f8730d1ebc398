// @wallet-modal/svelte: readable stores over the modal's state (Svelte 4 and 5; with runes through
// `fromStore`). Everything here is public API; the rest of the package is internal.
export { walletModalAccount } from '../walletModalAccount.js'
export type { WalletModalAccountOptions } from '../walletModalAccount.js'
export { walletModalNetwork } from '../walletModalNetwork.js'
export { walletModalState } from '../walletModalState.js'
export { walletModalEvents } from '../walletModalEvents.js'
export { walletModalTheme } from '../walletModalTheme.js'
export { disconnect } from '../disconnect.js'
export type { WalletModalStoreOptions } from '../walletModalStoreOptions.js'
export type { LatestModalEvent, WalletModalThemeState } from '@wallet-modal/core/internal'
// Re-exported so a server `load` needs no other import for the cookie.
export { cookieStorage, cookieToInitialState } from '@wallet-modal/core'
export type { WalletModal, WalletModalInitialState, AccountInfo, PublicState, ModalEvent, CaipNetwork, ConnectedWalletInfo } from '@wallet-modal/core'

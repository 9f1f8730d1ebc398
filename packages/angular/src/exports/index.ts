// @wallet-modal/angular: a service whose signals follow the modal, and its provider. Plain classes
// and functions, no decorators: the package is plain JavaScript that any Angular build takes.
// Everything here is public API; the rest of the package is internal.
export { WalletModalService } from '../WalletModalService.js'
export type { WalletModalServiceOptions } from '../WalletModalService.js'
export { provideWalletModal } from '../provideWalletModal.js'
export type { ProvideWalletModalOptions } from '../provideWalletModal.js'
export type { LatestModalEvent, WalletModalThemeState } from '@wallet-modal/core/internal'
// Re-exported so a server render needs no other import for the cookie.
export { cookieStorage, cookieToInitialState } from '@wallet-modal/core'
export type { WalletModal, WalletModalInitialState, AccountInfo, PublicState, ModalEvent, CaipNetwork, ConnectedWalletInfo } from '@wallet-modal/core'

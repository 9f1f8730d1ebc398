export { createWalletModal } from '../createWalletModal.js'
/**
 * Loads the ready sign-in implementations (`createServiceSIWX`, `createLocalSIWX`) for the
 * `siwx` option; they are a chunk of their own, fetched only by sites that turn sign-in on.
 */
export const loadSIWX = () => import('./siwx.js')
export type { WalletModal } from '../createWalletModal.js'
export { getWalletModalElement, DOM_EVENTS } from '../elements/WalletModalElement.js'
export { getConnectButtonElement } from '../elements/ConnectButtonElement.js'
export { defineElements, ELEMENTS } from '../defineElements.js'
export { setDefaultCore, getDefaultCore } from '../coreRegistry.js'
export type { WalletModalBaseElement } from '../elements/ElementBase.js'
export type { WalletModalEventMap, WalletModalElementEventMap, WalletModalElement, ConnectButtonElement, ElementTheme } from '../elements/elementTypes.js'
export type { WalletModalOptions, ModalEvent, ViewId } from '@wallet-modal/core'

import { WalletModalElement } from './elements/WalletModalElement.js'
import { ConnectButtonElement } from './elements/ConnectButtonElement.js'

/** Tag names and their classes. */
export const ELEMENTS = {
  'wallet-modal': WalletModalElement,
  'connect-button': ConnectButtonElement
} as const

/** Registers the custom elements once (a second call, or another copy of the library, is a no-op). */
export function defineElements(): void {
  if (typeof customElements === 'undefined') return
  for (const [tag, cls] of Object.entries(ELEMENTS)) if (!customElements.get(tag)) customElements.define(tag, cls)
}

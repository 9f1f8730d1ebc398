import { getWalletModalElement } from './elements/WalletModalElement.js'
import { getConnectButtonElement } from './elements/ConnectButtonElement.js'

/** Tag names and the factories of their classes (classes are built in the browser only). */
export const ELEMENTS = {
  'wallet-modal': getWalletModalElement,
  'connect-button': getConnectButtonElement
} as const

/**
 * Defines both tags (once: a second call, or another copy of the library, is a no-op), without
 * choosing how they draw: React (`defineElements`) or, until it loads, the bootstrap's paint.
 */
export function defineTags(): void {
  if (typeof customElements === 'undefined') return
  for (const [tag, make] of Object.entries(ELEMENTS)) if (!customElements.get(tag)) customElements.define(tag, make())
}

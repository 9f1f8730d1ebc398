import { getWalletModalElement } from './elements/WalletModalElement.js'
import { getConnectButtonElement } from './elements/ConnectButtonElement.js'
import { installRenderer, rendererHeld, rendererInstalled } from './elements/ElementBase.js'
import { reactRenderer } from './elements/reactRenderer.js'

/** Tag names and the factories of their classes (classes are built in the browser only). */
export const ELEMENTS = {
  'wallet-modal': getWalletModalElement,
  'connect-button': getConnectButtonElement
} as const

/**
 * Registers the custom elements once (a second call, or another copy of the library, is a no-op),
 * drawn with React at once. (The bootstrap entry defines them first and installs React later.)
 */
export function defineElements(): void {
  if (typeof customElements === 'undefined') return
  defineTags()
  if (!rendererInstalled() && !rendererHeld()) installRenderer(reactRenderer)
}

/** Defines both tags, without choosing how they draw. */
export function defineTags(): void {
  for (const [tag, make] of Object.entries(ELEMENTS)) if (!customElements.get(tag)) customElements.define(tag, make())
}

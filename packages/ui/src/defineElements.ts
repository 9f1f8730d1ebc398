import { defineTags } from './defineTags.js'
import { installRenderer, rendererHeld, rendererInstalled } from './elements/ElementBase.js'
import { reactRenderer } from './elements/reactRenderer.js'

export { ELEMENTS } from './defineTags.js'

/**
 * Registers the custom elements once (a second call, or another copy of the library, is a no-op),
 * drawn with React at once. (The bootstrap entry defines them first and installs React later.)
 */
export function defineElements(): void {
  if (typeof customElements === 'undefined') return
  defineTags()
  if (!rendererInstalled() && !rendererHeld()) installRenderer(reactRenderer)
}

const internals = new WeakMap<Element, ElementInternals | null>()

/** The host states the styles know: shown over the page, or embedded in it. */
export type HostState = 'open' | 'embedded'

/**
 * Marks a wallet-modal element with a custom state (`:host(:state(open))` in its styles) until the
 * returned function is called. Custom states, rather than an attribute, leave the site's markup
 * alone. Where a browser lacks them (no `attachInternals`, or the pre-standard `--name` form) this
 * does nothing and the host keeps its default display.
 */
export function showHost(host: Element, state: HostState): () => void {
  if (!internals.has(host)) {
    let own: ElementInternals | null = null
    try {
      // Once per element: a second attachInternals() throws.
      own = (host as HTMLElement).attachInternals()
    } catch {
      // Not a custom element of ours, or no ElementInternals here.
    }
    internals.set(host, own)
  }
  const states = internals.get(host)?.states
  try {
    states?.add(state)
  } catch {
    return () => {}
  }
  return () => void states?.delete(state)
}

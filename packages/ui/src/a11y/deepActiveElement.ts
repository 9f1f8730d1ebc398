/** The focused element, looking through open shadow roots (document.activeElement stops at hosts). */
export function deepActiveElement(root: Document | ShadowRoot = document): Element | null {
  let active = root.activeElement
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
  return active
}

// Tiny DOM helpers of the secure pages: text only (textContent), never HTML from anywhere.

/** Makes an element with attributes and children (strings become text nodes). */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag)
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v)
  for (const c of children) el.append(typeof c === 'string' ? document.createTextNode(c) : c)
  return el
}

/** Replaces the page's content. */
export function render(...children: Node[]): void {
  const root = document.getElementById('root')!
  root.replaceChildren(...children)
}

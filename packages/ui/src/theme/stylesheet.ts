import { STYLES } from './styles.js'

let sheet: CSSStyleSheet | undefined

/** The shared constructed stylesheet (built once, adopted by every element's shadow root). */
export function getStyleSheet(): CSSStyleSheet {
  if (!sheet) {
    sheet = new CSSStyleSheet()
    sheet.replaceSync(STYLES)
  }
  return sheet
}

/** Adopts the shared stylesheet into a shadow root, keeping any sheets already there. */
export function adoptStyles(root: ShadowRoot): void {
  const s = getStyleSheet()
  if (!root.adoptedStyleSheets.includes(s)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, s]
}

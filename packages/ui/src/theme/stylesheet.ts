import { BASE_STYLES } from './styles.js'

const sheets = new Map<string, CSSStyleSheet>()

/** A constructed stylesheet for `css`, built once and shared by every shadow root that adopts it. */
export function getStyleSheet(css: string = BASE_STYLES): CSSStyleSheet {
  let sheet = sheets.get(css)
  if (!sheet) {
    sheet = new CSSStyleSheet()
    sheet.replaceSync(css)
    sheets.set(css, sheet)
  }
  return sheet
}

/** Adopts a shared stylesheet (the base one by default) into a shadow root, keeping the others. */
export function adoptStyles(root: ShadowRoot, css: string = BASE_STYLES): void {
  const s = getStyleSheet(css)
  if (!root.adoptedStyleSheets.includes(s)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, s]
}

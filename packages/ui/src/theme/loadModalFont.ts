import { interFontUrl } from './interFontUrl.js'

/** What decides whether the modal's font loads, and from where. */
export interface ModalFontOptions {
  /**
   * The site's `fontUrl` option: unset for the modal's own copy (next to its script), a URL of the
   * site's own copy (`http(s):` or `data:`, relative to the page), or `false` for none.
   */
  fontUrl?: string | false
  /** The theme's variables: a `--wm-font-family` among them is the site's font, and it wins. */
  themeVariables?: Readonly<Record<string, string | number>>
}

/** The family the theme's font stack names first (styles.ts), then the system fonts. */
export const MODAL_FONT_FAMILY = 'Inter'

/** The faces added by this page, by URL: each is added once, whichever modal opens first. */
const added = new Map<string, FontFace>()

const familyOf = (face: FontFace) =>
  face.family
    .replace(/^["']|["']$/g, '')
    .trim()
    .toLowerCase()

/**
 * Loads the modal's font (Inter, spec §9) through the CSS Font Loading API when the dialog first
 * shows: a `FontFace` added to `document.fonts` (a strict CSP allows it: nothing is written to
 * `document.head`, no stylesheet, no third-party host; `font-src` must allow the file's origin).
 * Until it has loaded, and if it never does, the theme's system font stack shows (`display: swap`);
 * a failed load is dropped quietly and leaves no rejected promise behind.
 *
 * Nothing is loaded when the site sets `fontUrl: false`, sets `--wm-font-family` (in
 * `themeVariables`, or as a CSS property anywhere above the element), or already has a face named
 * Inter of its own. Fonts cannot be scoped to a shadow root: once loaded, page text whose CSS names
 * Inter uses this face too.
 *
 * @param host - The `<wallet-modal>` element (the site's `--wm-font-family` is read on it).
 * @param options - The site's `fontUrl` and the theme's variables.
 * @returns The face added for this URL (now or by an earlier call), or undefined when none is.
 *
 * @example
 * ```ts
 * loadModalFont(walletModalElement, { fontUrl: core.options.state.fontUrl, themeVariables: core.theme.state.themeVariables })
 * ```
 */
export function loadModalFont(host: Element, options: ModalFontOptions = {}): FontFace | undefined {
  if (options.fontUrl === false || typeof document === 'undefined' || typeof FontFace === 'undefined' || !document.fonts) return undefined
  if (hasSiteFontFamily(host, options.themeVariables)) return undefined
  const url = fontSource(options.fontUrl)
  if (!url) return undefined
  const known = added.get(url)
  if (known) return known
  const ours = new Set(added.values())
  let siteInter = false
  document.fonts.forEach(face => {
    if (!ours.has(face) && familyOf(face) === MODAL_FONT_FAMILY.toLowerCase()) siteInter = true
  })
  if (siteInter) return undefined
  // No unicode-range: the dialog always has latin text (addresses, amounts), and characters the
  // latin subset lacks (Arabic, Cyrillic, CJK) fall back glyph by glyph to the stack's system fonts.
  const face = new FontFace(MODAL_FONT_FAMILY, `url(${cssString(url)}) format("woff2")`, { weight: '100 900', style: 'normal', display: 'swap' })
  added.set(url, face)
  document.fonts.add(face)
  // load() settles `face.loaded`: handled here, a 404 or a broken file is no unhandled rejection.
  // It stays in `added` (not fetched again by this page); the stack's next fonts show instead.
  face.load().catch(() => {
    document.fonts.delete(face)
  })
  return face
}

/** Whether the site chose the modal's font itself (`--wm-font-family`). */
function hasSiteFontFamily(host: Element, themeVariables: ModalFontOptions['themeVariables']): boolean {
  const own = themeVariables?.['--wm-font-family']
  if (own !== undefined && String(own).trim() !== '') return true
  // Set anywhere above the element, it inherits into the host (the stylesheet only reads it).
  return getComputedStyle(host).getPropertyValue('--wm-font-family').trim() !== ''
}

/** The file's absolute URL: the modal's own copy, or the site's (`http(s):` or `data:`). */
function fontSource(fontUrl: string | undefined): string | undefined {
  if (fontUrl === undefined) return interFontUrl()
  try {
    const url = new URL(fontUrl, document.baseURI)
    if (url.protocol === 'https:' || url.protocol === 'http:' || url.protocol === 'data:') return url.href
  } catch {
    // reported below
  }
  console.warn('[wallet-modal] fontUrl must be an http(s) or data: URL; the system fonts are used')
  return undefined
}

/** A CSS string holding `text` (quotes, backslashes and line breaks escaped). */
function cssString(text: string): string {
  return `"${text.replace(/[\\"\n\r\f]/g, c => `\\${c.charCodeAt(0).toString(16)} `)}"`
}

/**
 * The modal's font file: Inter's variable font (every weight from 100 to 900 in one file), latin
 * subset, as the `@fontsource-variable/inter` package ships it (SIL Open Font License 1.1).
 */
export const INTER_FONT_FILE = 'inter-latin-wght-normal.woff2'

/**
 * Where the modal's own copy of Inter is served: next to the script holding this code, so from
 * the same origin as the modal's script (a CSP's `font-src` allows that origin).
 *
 * In this repository's sources (the browser tests run them as they are) the URL is the installed
 * package's file. The build (rollup.config.mjs, `fontAsset`) copies the file into each output's
 * `fonts/` folder under a content-hashed name and rewrites the expression below into that copy's
 * URL, relative to the chunk it ends up in (`new URL('./fonts/…', import.meta.url)`: the form Vite,
 * webpack, Parcel and Turbopack recognise, so a site's bundler copies the file again). The
 * build fails if it cannot find the expression, so keep it a single `new URL('…', import.meta.url).href`.
 *
 * @example
 * ```ts
 * new FontFace('Inter', `url("${interFontUrl()}") format("woff2")`)
 * ```
 */
export function interFontUrl(): string {
  return new URL('../../../../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2', import.meta.url).href
}

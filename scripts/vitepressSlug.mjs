// VitePress's default heading ids: the docs site gives them to the API reference's headings
// (docs/.vitepress/config.mts), the style typedoc-vitepress-theme writes that reference's links
// in, and scripts/docs.mjs checks those links against them.

/**
 * VitePress's default heading id: accents and control characters dropped, runs of punctuation
 * and spaces as one `-`, none at the ends, `_` before a leading digit, in lower case.
 *
 * @example
 * ```js
 * vitepressSlug('DOM_EVENTS') // 'dom-events'
 * vitepressSlug('createWalletModal()') // 'createwalletmodal'
 * ```
 * @param {string} heading - The heading's text (without Markdown).
 * @returns {string} The id, without `#`.
 */
export function vitepressSlug(heading) {
  return heading
    .normalize('NFKD')
    .replace(/[\u0300-\u036F]/g, '')
    .replace(/[\u0000-\u001f]/g, '')
    .replace(/[\s~`!@#$%^&*()\-_+=[\]{}|\\;:"'“”‘’<>,.?/]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '')
    .replace(/^(\d)/, '_$1')
    .toLowerCase()
}

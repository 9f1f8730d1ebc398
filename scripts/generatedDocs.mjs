// The pages of the docs site that scripts/docs.mjs generates into docs/ (gitignored): the site's
// config reads them, and the check of the hand-written pages' links (test/node/docsLinks.test.ts)
// leaves them out, their links being in VitePress's style, not GitHub's.

/** Where the generated pages go, relative to docs/. */
export const GENERATED_DOCS = {
  /** The API reference, written by TypeDoc from the public entries. */
  apiDir: 'api',
  /** The root CHANGELOG.md's copy, its links made relative to docs/. */
  changelog: 'changelog.md'
}

/**
 * Whether a path under docs/ is one of the generated pages.
 *
 * @example
 * ```js
 * isGeneratedDoc('api/core.md') // true
 * isGeneratedDoc('guide/react.md') // false
 * ```
 * @param {string} relativePath - The path relative to docs/, with `/` separators.
 * @returns {boolean}
 */
export function isGeneratedDoc(relativePath) {
  return relativePath === GENERATED_DOCS.changelog || relativePath === GENERATED_DOCS.apiDir || relativePath.startsWith(`${GENERATED_DOCS.apiDir}/`)
}

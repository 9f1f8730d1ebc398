// GitHub's heading anchors, shared by the docs site (docs/.vitepress/config.mts gives its headings
// these ids) and the docs' link check (test/node/docsLinks.test.ts), so a `page.md#anchor` link
// written for GitHub reaches the same heading on the site.

/**
 * GitHub's heading anchor (github-slugger): the heading's text without Markdown, in lower case,
 * every character that is not a letter, mark, digit, `_`, `-` or space dropped, spaces as `-`.
 *
 * @example
 * ```js
 * githubSlug('The CDN build, with SRI') // 'the-cdn-build-with-sri'
 * ```
 * @param {string} heading - The heading's Markdown text.
 * @returns {string} The anchor, without `#`.
 */
export function githubSlug(heading) {
  const text = heading
    .replace(/!?\[((?:[^[\]]|\[[^\]]*\])*)\]\([^)]*\)/g, '$1') // links and images: their text
    .replace(/<[^>]+>/g, '') // inline HTML tags
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-')
}

/** GitHub's heading anchor for a heading's Markdown text (see githubSlug.mjs). */
export function githubSlug(heading: string): string

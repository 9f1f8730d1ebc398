/** VitePress's default heading id for a heading's text (see vitepressSlug.mjs). */
export function vitepressSlug(heading: string): string

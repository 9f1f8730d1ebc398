/** Where the pages scripts/docs.mjs generates go, relative to docs/ (see generatedDocs.mjs). */
export const GENERATED_DOCS: { readonly apiDir: string; readonly changelog: string }
/** Whether a path under docs/ (with `/` separators) is one of the generated pages. */
export function isGeneratedDoc(relativePath: string): boolean

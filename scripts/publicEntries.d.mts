/** A public entry of a publishable package (see publicEntries.mjs). */
export interface PublicEntry {
  /** The import specifier, e.g. `@wallet-modal/ui/boot`. */
  name: string
  /** The absolute path of its TypeScript source. */
  source: string
}
/** The repository's root folder. */
export const ROOT: string
/** The public entries of the publishable packages, from their package.json "exports". */
export function publicEntries(root?: string): PublicEntry[]
/** Every name each entry exports, by entry name. */
export function exportNames(entries: readonly PublicEntry[], root?: string): Map<string, string[]>

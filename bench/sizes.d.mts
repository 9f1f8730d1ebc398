/** Sizes in bytes. */
export interface Sizes {
  raw: number
  gzip: number
  brotli: number
}
/** What {@link bundleReport} returns. */
export interface BundleReport {
  chunks: Record<string, Sizes>
  /** The build's manifest: each chunk's imports and modules (rendered bytes). */
  manifest: Record<string, { isEntry: boolean; imports: string[]; dynamicImports: string[]; modules: Record<string, number> }>
  firstChunkFiles: string[]
  firstChunk: Sizes
  total: Sizes
  firstModules: [string, number][]
  firstByPackage: Record<string, number>
}
export const BROWSER_DIST: string
export function compressedSizes(buf: Uint8Array): Sizes
export function readManifest(dir?: string): {
  chunks: Record<string, { isEntry: boolean; imports: string[]; dynamicImports: string[]; modules: Record<string, number> }>
}
export function bundleReport(dir?: string): BundleReport

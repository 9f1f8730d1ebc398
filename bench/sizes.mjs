// Sizes of the built browser bundle: every chunk raw, gzip and brotli, and what the first chunk
// (the entry plus everything it imports statically) holds. Shared by `npm run bench` and the
// size check in `npm test`.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync, brotliCompressSync, constants } from 'node:zlib'

/** Where the script-tag bundle is built. */
export const BROWSER_DIST = new URL('../packages/ui/dist/browser/', import.meta.url).pathname

/** gzip (level 9) and brotli (quality 11) sizes of a buffer. */
export function compressedSizes(buf) {
  return {
    raw: buf.length,
    gzip: gzipSync(buf, { level: 9 }).length,
    brotli: brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length
  }
}

/** Reads the bundle manifest written by rollup.config.mjs. */
export function readManifest(dir = BROWSER_DIST) {
  return JSON.parse(readFileSync(join(dir, 'bundle-manifest.json'), 'utf8'))
}

/** Every chunk with its sizes, and the first chunk's files and modules. */
export function bundleReport(dir = BROWSER_DIST) {
  const { chunks } = readManifest(dir)
  const files = Object.keys(chunks)
  const sizes = Object.fromEntries(files.map(f => [f, compressedSizes(readFileSync(join(dir, f)))]))
  const entry = files.find(f => chunks[f].isEntry && f === 'wallet-modal.js')
  // The first chunk a site loads: the entry and, transitively, its static imports.
  const first = new Set()
  const visit = f => {
    if (first.has(f)) return
    first.add(f)
    for (const i of chunks[f].imports) visit(i)
  }
  visit(entry)
  const sum = list =>
    list.reduce((a, f) => ({ raw: a.raw + sizes[f].raw, gzip: a.gzip + sizes[f].gzip, brotli: a.brotli + sizes[f].brotli }), { raw: 0, gzip: 0, brotli: 0 })
  const firstModules = [...first].flatMap(f => Object.entries(chunks[f].modules)).sort((a, b) => b[1] - a[1])
  const byPackage = {}
  for (const [id, n] of firstModules) {
    const pkg = id.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? id.split('/').slice(0, 2).join('/')
    byPackage[pkg] = (byPackage[pkg] ?? 0) + n
  }
  return {
    chunks: sizes,
    manifest: chunks,
    firstChunkFiles: [...first],
    firstChunk: sum([...first]),
    total: sum(files),
    firstModules,
    firstByPackage: byPackage
  }
}

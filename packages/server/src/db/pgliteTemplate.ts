import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { PGlite } from '@electric-sql/pglite'

// A brand-new PGlite database costs an initdb: 4-6 s on a small machine, paid by every test
// file, every demo start and every first start of a data folder. A fresh cluster is the same
// bytes every time, so the first initdb is saved (as PGlite's own data-dir tarball) and later
// databases start from that copy in well under half the time. The copy holds no schema or data
// of ours: migrations always run afterwards.
//
// WM_PGLITE_TEMPLATE=0 turns this off; WM_PGLITE_CACHE_DIR moves the cache (default: the OS temp
// folder).

function pgliteVersion(): string {
  try {
    const entry = fileURLToPath(import.meta.resolve('@electric-sql/pglite'))
    const pkg = JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')) as { version?: string }
    return pkg.version ?? 'unknown'
  } catch {
    return 'unknown'
  }
}

/** Where the template of this PGlite version lives, or undefined when templates are off. */
export function templatePath(): string | undefined {
  if (process.env.WM_PGLITE_TEMPLATE === '0') return undefined
  const version = pgliteVersion()
  if (version === 'unknown') return undefined
  const dir = process.env.WM_PGLITE_CACHE_DIR ?? join(tmpdir(), 'wallet-modal-server')
  return join(dir, `pglite-${version}-initdb.tar.gz`)
}

/** The saved template, or undefined when there is none (or it cannot be read). */
export function readTemplate(path: string): Blob | undefined {
  try {
    return new Blob([readFileSync(path)])
  } catch {
    return undefined
  }
}

/**
 * Saves a freshly initialised database as the template. Written to a temporary name and renamed,
 * so a concurrent reader sees the whole file or none. Failures only cost the next start time.
 *
 * @param db - A database straight after initdb, before any migration.
 * @param path - From {@link templatePath}.
 */
export async function saveTemplate(db: PGlite, path: string): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`
  try {
    const dump = await db.dumpDataDir('gzip')
    mkdirSync(dirname(path), { recursive: true })
    writeFileSync(temporary, Buffer.from(await dump.arrayBuffer()))
    renameSync(temporary, path)
  } catch {
    rmSync(temporary, { force: true })
  }
}

/** Removes a template that failed to load (truncated, or from an incompatible build). */
export function discardTemplate(path: string): void {
  rmSync(path, { force: true })
}

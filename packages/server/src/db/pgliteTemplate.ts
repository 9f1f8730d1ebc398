import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { cpSync, existsSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

// A brand-new PGlite database costs an initdb: 4-6 s on a small machine, paid by every test
// file, every demo start and every first start of a data folder. A fresh cluster is the same
// bytes every time, so the first initdb is kept (as a closed cluster folder) and later databases
// start from a copy of it. The copy holds no schema or data of ours: migrations always run
// afterwards.
//
// The copy is a plain folder copied by the OS (`cpSync`), not PGlite's data-dir tarball: loading a
// 4.5 MB .tar.gz goes through a Blob, its gunzipped 39 MB and one JS buffer per file, and the
// malloc arenas that held them stay in the process afterwards (measured: a server on a loaded
// tarball idles ~105 MB above one on a copied folder, 265 vs 159 MB in a bare process).
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

/** The folder of the server's PGlite files in the temp folder (templates, in-memory databases). */
export function pgliteCacheDir(): string {
  return process.env.WM_PGLITE_CACHE_DIR ?? join(tmpdir(), 'wallet-modal-server')
}

/** Where the template of this PGlite version lives (a folder), or undefined when templates are off. */
export function templatePath(): string | undefined {
  if (process.env.WM_PGLITE_TEMPLATE === '0') return undefined
  const version = pgliteVersion()
  if (version === 'unknown') return undefined
  return join(pgliteCacheDir(), `pglite-${version}-initdb`)
}

/** Whether a complete template is saved at `path` (it only ever appears whole: see {@link saveTemplate}). */
export function hasTemplate(path: string): boolean {
  return existsSync(join(path, 'PG_VERSION'))
}

/**
 * Copies the template into `dataDir` (an empty or missing folder). The copy is the OS's: nothing
 * of the cluster passes through this process's memory.
 *
 * @param path - From {@link templatePath}, with {@link hasTemplate} true.
 * @param dataDir - The new database's folder.
 */
export function copyTemplate(path: string, dataDir: string): void {
  cpSync(path, dataDir, { recursive: true })
}

// initdb runs in a child process: it is a second PGlite (plus PGlite's initdb module) whose
// WebAssembly memory and compile garbage would otherwise stay in the server until a GC that may
// not come soon (measured: 582 MB resident 3 s after a first start that built the template
// in-process, 205 MB after one that copied it).
const INITDB_SCRIPT = `
const [url, dir, conf] = process.argv.slice(1)
const { PGlite } = await import(url)
const db = await PGlite.create(dir, { postgresqlconf: JSON.parse(conf) })
await db.close()
`
const INITDB_TIMEOUT_MS = 120_000

/**
 * Makes the template when there is none: initdb in a child process into a folder of its own,
 * closed, then {@link saveTemplate}. Failures are swallowed (the caller then runs initdb itself).
 *
 * @param path - From {@link templatePath}.
 * @param postgresqlconf - The settings the database is opened with.
 */
export async function buildTemplate(path: string, postgresqlconf: readonly string[]): Promise<void> {
  // Unique even for two databases of one process opened in the same millisecond.
  const staging = `${path}.${process.pid}.${Date.now()}.${randomBytes(4).toString('hex')}.tmp`
  try {
    const pglite = import.meta.resolve('@electric-sql/pglite')
    await promisify(execFile)(
      process.execPath,
      ['--liftoff-only', '--input-type=module', '-e', INITDB_SCRIPT, pglite, staging, JSON.stringify(postgresqlconf)],
      { timeout: INITDB_TIMEOUT_MS, env: { ...process.env, NODE_OPTIONS: '' } }
    )
    if (!hasTemplate(staging)) throw new Error('initdb left no cluster')
    saveTemplate(staging, path)
  } catch {
    rmSync(staging, { recursive: true, force: true })
  }
}

/**
 * Keeps a freshly initialised, closed cluster folder as the template, by renaming it into place:
 * a concurrent reader sees the whole folder or none, and when another process saved one first,
 * ours is dropped. Failures only cost the next start time.
 *
 * @param cluster - A closed database folder straight after initdb, before any migration (moved away).
 * @param path - From {@link templatePath}.
 */
export function saveTemplate(cluster: string, path: string): void {
  try {
    renameSync(cluster, path)
    // The tarball template of earlier versions of this server, now unused.
    rmSync(`${path}.tar.gz`, { force: true })
  } catch {
    rmSync(cluster, { recursive: true, force: true })
  }
}

/** Removes a template that failed to open (truncated, or from an incompatible build). */
export function discardTemplate(path: string): void {
  rmSync(path, { recursive: true, force: true })
}

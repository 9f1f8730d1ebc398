import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { limitWasmTierUp } from './limitWasmTierUp.js'
import { createScratchDir, removeScratchDir } from './pgliteScratchDir.js'
import { buildTemplate, copyTemplate, discardTemplate, hasTemplate, templatePath } from './pgliteTemplate.js'
import { runMigrations } from './runMigrations.js'
import type { Queryable, Store } from './Store.js'

/**
 * Opens the embedded database: PostgreSQL compiled to WebAssembly, running in this process.
 * With `dataDir` the data lives in that folder and survives restarts; without it, the database
 * is temporary: kept in a scratch folder of the temp folder that is deleted on close (see
 * pgliteScratchDir.ts for why not in PGlite's memory file system).
 *
 * A new database (temporary, or an empty folder) starts from a copy of a saved fresh cluster
 * when there is one (see pgliteTemplate.ts), else runs initdb and saves the result for next time.
 * The first database of the process turns V8's WebAssembly tier-up off (see limitWasmTierUp.ts).
 *
 * @param dataDir - Folder for the database files (created if missing), or undefined for a temporary database.
 * @example
 * ```ts
 * const store = await createPgliteStore('./data')
 * await store.migrate()
 * const { rows } = await store.query<{ n: number }>('SELECT count(*)::int AS n FROM wallets')
 * await store.close()
 * ```
 */
export async function createPgliteStore(dataDir?: string): Promise<Store> {
  limitWasmTierUp()
  let scratch: string | undefined
  try {
    scratch = dataDir ? undefined : createScratchDir()
  } catch {
    // No writable temporary folder (a read-only file system, a full disk, a folder of another
    // user's): the temporary database stays in PGlite's own memory, as before #45 (more memory).
  }
  let db: PGlite
  try {
    db = dataDir || scratch ? await openPglite(dataDir ?? (scratch as string)) : await PGlite.create('memory://', { postgresqlconf: PGLITE_MEMORY_SETTINGS })
  } catch (error) {
    if (scratch) removeScratchDir(scratch)
    throw error
  }
  let closed: Promise<void> | undefined
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await q.query<Row>(sql, [...params])
      return { rows: result.rows }
    },
    async exec(sql: string) {
      await q.exec(sql)
    }
  })
  const store: Store = {
    kind: 'pglite',
    ...wrap(db),
    transaction: fn => db.transaction(tx => fn(wrap(tx))),
    migrate: () => runMigrations(store.transaction),
    close() {
      closed ??= db.close().finally(() => {
        if (scratch) removeScratchDir(scratch)
      })
      return closed
    }
  }
  return store
}

/**
 * PostgreSQL's memory settings for the embedded database. Its defaults (128 MB of shared buffers)
 * are sized for a dedicated database machine; in one Node process with a small working set they
 * only inflate the server's memory: measured in a bare process, 728 MB RSS with the defaults,
 * 301 MB with these. The server's tables (a wallet catalogue, sessions, recent events) fit well:
 * 8 MB of shared buffers instead of 16 took 9 MB off the idle server and changed neither the
 * 10,000-wallet directory's search times nor the relay's throughput (`npm run bench:server`).
 */
export const PGLITE_MEMORY_SETTINGS = ['shared_buffers = 8MB', 'work_mem = 2MB', 'maintenance_work_mem = 8MB', 'temp_buffers = 1MB', 'wal_buffers = 1MB']

/**
 * In a data folder while it is being made (the template copied in, or initdb), removed once the
 * database has opened: a folder that still holds it was left half-made by a process that stopped
 * (killed, power cut) and is made again, instead of failing every later start.
 */
export const MAKING_MARKER = '.wallet-modal-making'

async function openPglite(dataDir: string): Promise<PGlite> {
  const memory = { postgresqlconf: PGLITE_MEMORY_SETTINGS }
  const marker = join(dataDir, MAKING_MARKER)
  const halfMade = existsSync(marker)
  // Only a folder this server was making is emptied: its marker says nothing else is in it.
  if (halfMade) emptyBesideMarker(dataDir)
  const isNew = halfMade || !existsSync(dataDir) || readdirSync(dataDir).length === 0
  if (!isNew) return PGlite.create(dataDir, memory)
  mkdirSync(dataDir, { recursive: true })
  writeFileSync(marker, '')
  const opened = (db: PGlite) => {
    rmSync(marker, { force: true })
    return db
  }
  const template = templatePath()
  if (template && !hasTemplate(template)) await buildTemplate(template, PGLITE_MEMORY_SETTINGS)
  if (template && hasTemplate(template)) {
    try {
      copyTemplate(template, dataDir)
      return opened(await PGlite.create(dataDir, memory))
    } catch {
      // A bad template must not stop the server: forget it and start the slow way.
      discardTemplate(template)
      emptyBesideMarker(dataDir)
    }
  }
  return opened(await PGlite.create(dataDir, memory))
}

/** Removes everything in a data folder being made but its {@link MAKING_MARKER}. */
function emptyBesideMarker(dataDir: string): void {
  for (const entry of readdirSync(dataDir)) if (entry !== MAKING_MARKER) rmSync(join(dataDir, entry), { recursive: true, force: true })
}

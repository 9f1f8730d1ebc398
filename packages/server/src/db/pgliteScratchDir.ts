import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { pgliteCacheDir } from './pgliteTemplate.js'

// An "in-memory" PGlite database (no dataDir) is kept in a throw-away folder instead of PGlite's
// own memory:// file system. In memory://, every file of the cluster (39 MB fresh: a 16 MB WAL
// segment and three 7 MB databases) is a JS ArrayBuffer in this process, grown by copying, and the
// freed copies leave the malloc arenas fragmented: measured in a bare process, 280 MB resident
// in memory:// against 159 MB on a folder. On a folder the files sit in the OS page cache, which
// the kernel shares and reclaims, and which is not this process's resident memory. (Where the
// temp folder is a tmpfs, those 39 MB are RAM still, but the kernel's, once, not the heap's.)
// The folder is removed on close, at process exit, and (for a process that was killed) by the
// next process that makes one.

const live = new Set<string>()
let exitHook = false

function scratchRoot(): string {
  return join(pgliteCacheDir(), 'memory')
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

// The host is in the name too: a cache folder shared by containers (other pid namespaces) must
// not lose a live database because its pid means nothing here.
const host = hostname().replace(/[^A-Za-z0-9.]/g, '_')

/** Removes the scratch folders left by processes of this host that no longer run (killed before their exit hook). */
function sweepStale(root: string): void {
  for (const name of readdirSync(root)) {
    const match = /^(\d+)@([A-Za-z0-9._]*)-/.exec(name)
    if (!match || match[2] !== host) continue
    const pid = Number(match[1])
    if (pid !== process.pid && !isAlive(pid)) rmSync(join(root, name), { recursive: true, force: true })
  }
}

/**
 * Makes a new, empty folder for an in-memory database, named after this process and host (so a
 * later process can tell a leftover from a live one). Remove it with {@link removeScratchDir}; whatever
 * is still there when the process exits is removed then.
 */
export function createScratchDir(): string {
  const root = scratchRoot()
  mkdirSync(root, { recursive: true })
  try {
    sweepStale(root)
  } catch {
    // Another process sweeping at the same time, or an unreadable entry: leftovers only cost disk.
  }
  const dir = mkdtempSync(join(root, `${process.pid}@${host}-`))
  live.add(dir)
  if (!exitHook) {
    exitHook = true
    process.once('exit', () => {
      for (const path of live) rmSync(path, { recursive: true, force: true })
    })
  }
  return dir
}

/**
 * Deletes a folder made by {@link createScratchDir} (after its database is closed).
 *
 * @param dir - The folder.
 */
export function removeScratchDir(dir: string): void {
  live.delete(dir)
  rmSync(dir, { recursive: true, force: true })
}

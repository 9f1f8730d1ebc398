import { execFileSync, spawnSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { findFreePort } from '@wallet-modal/devnet'

/** A throwaway PostgreSQL cluster. */
export interface TestPostgres {
  url: string
  stop(): Promise<void>
}

/** Why PostgreSQL tests cannot run here, or undefined when they can. */
export type PostgresAvailability = { ok: true; bin: string } | { ok: false; reason: string }

function findBinDir(): string | undefined {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return undefined
  const versions = readdirSync(root)
    .filter(v => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))
  return versions[0] ? join(root, versions[0], 'bin') : undefined
}

function hasUser(name: string): boolean {
  return spawnSync('id', ['-u', name]).status === 0
}

/**
 * Finds Debian's PostgreSQL server binaries. When they are missing and `WM_INSTALL_POSTGRES=1`
 * is set (and we are root with apt), installs the `postgresql` package first (takes a minute, so
 * it is opt-in rather than a surprise inside a test run).
 */
export function postgresAvailability(): PostgresAvailability {
  let bin = findBinDir()
  if (!bin && process.env.WM_INSTALL_POSTGRES === '1' && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'postgresql'], { stdio: 'ignore', timeout: 240_000, env })
    bin = findBinDir()
  }
  if (!bin) return { ok: false, reason: 'PostgreSQL is not installed (apt-get install -y postgresql, or run with WM_INSTALL_POSTGRES=1)' }
  // The server refuses to run as root; Debian's package creates the postgres user.
  if (process.getuid?.() === 0 && !hasUser('postgres')) return { ok: false, reason: 'running as root and there is no postgres user to start PostgreSQL as' }
  return { ok: true, bin }
}

/**
 * Starts a throwaway cluster (initdb in a temp folder, trust auth, loopback only, fsync off) on a
 * free port, as the postgres user when we are root. `stop()` shuts it down and deletes it.
 *
 * @param bin - PostgreSQL's bin folder (from {@link postgresAvailability}).
 */
export async function startPostgres(bin: string): Promise<TestPostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'wm-pg-'))
  const asRoot = process.getuid?.() === 0
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim())
    chownSync(dir, uid, gid)
  }
  const run = (tool: string, args: string[]): void => {
    const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]] : [join(bin, tool), args]
    execFileSync(cmd as string, argv as string[], { stdio: 'pipe', timeout: 60_000 })
  }
  const data = join(dir, 'data')
  const log = join(dir, 'log')
  let port = 0
  try {
    run('initdb', ['-D', data, '--auth=trust', '--username=postgres', '--no-sync', '--encoding=UTF8', '--no-instructions'])
    // The port is chosen just before the start, and chosen again if another process took it in
    // between (test files run side by side): only "address in use" is retried.
    for (let attempt = 1; ; attempt++) {
      port = await findFreePort()
      try {
        run('pg_ctl', ['-D', data, '-l', log, '-w', '-t', '30', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start'])
        break
      } catch (error) {
        const inUse = existsSync(log) && /already in use|could not bind/i.test(readFileSync(log, 'utf8'))
        if (!inUse || attempt === 3) throw error
        rmSync(log, { force: true })
      }
    }
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    throw error
  }
  let stopped = false
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      if (stopped) return
      stopped = true
      try {
        run('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '30', 'stop'])
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    }
  }
}

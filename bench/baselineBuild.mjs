// The previous release's bootstrap build, for `npm run bench` to measure beside this one in the
// same run (docs/performance.md). Its sources come from git (`git archive`, no worktree to clean
// up), its dependencies are this checkout's (a symlinked node_modules: a release one session old
// pins the same versions), and only its `browser-boot` output is built, once per revision, under
// $TMPDIR/wallet-modal-bench/baseline/<sha>/: outside the repository, where no linter, type check
// or file walker of it looks, and not under a node_modules folder (whose files the build's
// TypeScript transform leaves alone).
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * Builds (or reuses) the bootstrap of `rev` and returns where its files are, or why it could not
 * (the revision is not in this clone, e.g. a shallow one; its build failed).
 *
 * @param {string} root - this checkout
 * @param {string} rev - a git revision
 * @returns {{ sha: string, bootDir: string } | { skipped: string }}
 */
export function baselineBuild(root, rev) {
  let sha
  try {
    sha = execFileSync('git', ['rev-parse', '--verify', `${rev}^{commit}`], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()
  } catch {
    return { skipped: `revision ${rev} is not in this clone` }
  }
  const dir = join(tmpdir(), 'wallet-modal-bench', 'baseline', sha)
  const bootDir = join(dir, 'packages/ui/dist/browser/boot')
  if (existsSync(join(bootDir, 'boot.js'))) return { sha, bootDir }
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  try {
    execFileSync('sh', ['-c', `git archive ${sha} | tar -x -C "${dir}"`], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] })
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'))
    execFileSync(process.execPath, ['node_modules/rollup/dist/bin/rollup', '-c', 'rollup.config.mjs'], {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production', WM_BUILD: 'browser-boot' }
    })
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    return { skipped: `building ${sha.slice(0, 7)} failed: ${error instanceof Error ? error.message.split('\n')[0] : error}` }
  }
  return { sha, bootDir }
}

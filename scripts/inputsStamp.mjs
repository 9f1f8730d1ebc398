// "Nothing changed since the last build": a digest of a build's inputs, kept beside node_modules,
// so that a second `npm start` skips the builds whose inputs are as they were (issue #45: the
// banner within a minute). The inputs are the files git would see (tracked, and untracked but not
// ignored) that a filter keeps, read in full: a changed byte anywhere in them rebuilds. Without git
// (an unpacked archive) nothing is ever called unchanged.
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const stampsOf = root => join(root, 'node_modules', '.cache', 'wallet-modal')

/**
 * The digest of the files `keep` accepts, or undefined when git cannot list them.
 *
 * @param {(path: string) => boolean} keep - Which repository-relative paths are inputs.
 * @param {string} [root] - The repository (default: this one).
 * @returns {string | undefined}
 */
export function inputsDigest(keep, root = ROOT) {
  let listed
  try {
    listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: root,
      maxBuffer: 1 << 26,
      stdio: ['ignore', 'pipe', 'ignore']
    })
  } catch {
    return undefined
  }
  const hash = createHash('sha256')
  const files = [...new Set(listed.toString('utf8').split('\0'))].filter(p => p && keep(p)).sort()
  for (const path of files) {
    const full = join(root, path)
    // A tracked file deleted in the working tree is an input that changed.
    hash.update(`${path}\0${existsSync(full) ? hash_(readFileSync(full)) : 'gone'}\0`)
  }
  return hash.digest('hex')
}

const hash_ = bytes => createHash('sha256').update(bytes).digest('hex')

/**
 * Whether the build `name` last finished with these inputs and its outputs are all still there.
 *
 * @param {string} name - The build's name (`build`, `docs`).
 * @param {string | undefined} digest - From {@link inputsDigest}.
 * @param {string[]} outputs - Repository-relative paths that must exist.
 * @param {string} [root] - The repository (default: this one).
 */
export function unchanged(name, digest, outputs, root = ROOT) {
  if (!digest) return false
  const file = join(stampsOf(root), `${name}.json`)
  if (!existsSync(file)) return false
  try {
    return JSON.parse(readFileSync(file, 'utf8')).digest === digest && outputs.every(p => existsSync(join(root, p)))
  } catch {
    return false
  }
}

/**
 * Remembers that the build `name` finished with these inputs (call it only after success).
 *
 * @param {string} name - The build's name.
 * @param {string | undefined} digest - From {@link inputsDigest}.
 * @param {string} [root] - The repository (default: this one).
 */
export function recordBuilt(name, digest, root = ROOT) {
  if (!digest) return
  mkdirSync(stampsOf(root), { recursive: true })
  writeFileSync(join(stampsOf(root), `${name}.json`), `${JSON.stringify({ digest, at: new Date().toISOString() })}\n`)
}

// The Node half of `npm test`: a pool of node:test processes, one per file, whose width can grow
// while it runs (scripts/test.mjs runs one file beside the browser tests, two once they are done).
import { spawn } from 'node:child_process'

/**
 * Runs Node test files, each in a Node process of its own (`node --import tsx --test <file>`
 * unless `args` says otherwise), in order, at most
 * `width()` at a time (read again whenever a file ends or `widen()` is called). A file's output
 * (its spec report and its stderr) is printed in one piece when it ends, or kept while `hold()` is
 * true and printed on the next `widen()`, so that files never interleave with each other or with
 * another runner's output.
 *
 * @param files - Test files, relative to the working directory.
 * @param options - `width`: how many files may run now; `hold`: whether to keep output for later;
 *   `env`: the processes' environment; `args`: a file's Node arguments (`scripts/test.mjs` runs the
 *   file's bundle, see bundleNodeTests); `timeoutMs`: how long a file may run before it and the
 *   processes it started are stopped and it counts as failed (default 10 minutes).
 * @returns `done` (resolves to the totals, the failed files and, for each, its
 *   {@link failureExcerpt}, once every file has ended) and `widen()` (to call when `width()` or
 *   `hold()` changed).
 * @example
 * ```js
 * let browserRunning = true
 * const pool = runTestFiles(['a.test.ts', 'b.test.ts'], { width: () => (browserRunning ? 1 : 2), hold: () => browserRunning })
 * // ... later
 * browserRunning = false
 * pool.widen()
 * const { passed, failed } = await pool.done
 * ```
 */
export function runTestFiles(
  files,
  { width, hold = () => false, env = process.env, args = file => ['--import', 'tsx', '--test', '--test-reporter=spec', file], timeoutMs = FILE_TIMEOUT_MS }
) {
  const queue = [...files]
  const held = []
  const totals = { passed: 0, failed: 0, skipped: 0, failedFiles: [], failures: new Map() }
  const groups = new Set()
  const stopAll = () => {
    for (const stop of groups) stop()
  }
  process.on('exit', stopAll)
  let running = 0
  let finish
  const done = new Promise(resolve => (finish = resolve))
  const print = text => (hold() ? held.push(text) : process.stdout.write(text))
  const launch = file => {
    running++
    const started = Date.now()
    // A group of its own, so that a file that never ends is stopped with whatever it started
    // (anvil, Chromium). Being in another group, it does not hear the terminal's Ctrl-C: the
    // caller's exit stops the groups still running (scripts/test.mjs turns SIGINT and SIGTERM
    // into an exit for that reason).
    const child = spawn(process.execPath, args(file), { stdio: ['ignore', 'pipe', 'pipe'], env, detached: true })
    const stop = () => {
      try {
        process.kill(-child.pid, 'SIGKILL')
      } catch {
        // Already gone.
      }
    }
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      stop()
    }, timeoutMs)
    if (child.pid) groups.add(stop)
    let out = ''
    child.stdout.setEncoding('utf8')
    child.stderr.setEncoding('utf8')
    child.stdout.on('data', chunk => (out += chunk))
    child.stderr.on('data', chunk => (out += chunk))
    // A process that could not start (EAGAIN, ENOMEM on a loaded machine) closes after this.
    child.on('error', error => (out += `\nrunTestFiles: ${error.message}\n`))
    child.on('close', (code, signal) => {
      running--
      clearTimeout(timer)
      groups.delete(stop)
      if (timedOut) out += `\nrunTestFiles: no end after ${Math.round(timeoutMs / 1000)} s: stopped (a test that hangs, or a deadlock)\n`
      // The summary is the last of the report; the output also holds the file's stderr.
      const num = label => Number([...out.matchAll(new RegExp(`^ℹ ${label} (\\d+)`, 'gm'))].at(-1)?.[1] ?? 0)
      const reported = /^ℹ tests \d+/m.test(out)
      const counted = num('fail') + num('cancelled')
      // A process that failed, or ended without its summary, fails once even if no test said so.
      const failed = counted + ((code !== 0 || !reported || timedOut) && counted === 0 ? 1 : 0)
      totals.passed += num('pass')
      totals.failed += failed
      totals.skipped += num('skipped') + num('todo')
      if (failed > 0) {
        totals.failedFiles.push(file)
        totals.failures.set(file, failureExcerpt(out))
      }
      const ended = timedOut ? `stopped after ${Math.round(timeoutMs / 1000)} s` : signal ? `killed by ${signal}` : `exit code ${code}`
      const why = code !== 0 || !reported || timedOut ? `, ${ended}${reported ? '' : ', no summary'}` : ''
      print(`\n── ${file} (${((Date.now() - started) / 1000).toFixed(1)} s${failed ? `, ${failed} failed` : ''}${why})\n${out}`)
      next()
    })
  }
  const next = () => {
    // At least one at a time, whatever width() says (a width of 0 would never finish).
    while (running < Math.max(1, width() || 1) && queue.length > 0) launch(queue.shift())
    if (running === 0 && queue.length === 0) {
      process.off('exit', stopAll)
      finish(totals)
    }
  }
  const widen = () => {
    if (!hold()) for (const text of held.splice(0)) process.stdout.write(text)
    next()
  }
  next()
  return { done, widen }
}

/**
 * How long one file may run before it is stopped (10 minutes; the longest takes about 2). Without
 * it a file that hangs holds `npm test`, and CI, until CI's own limit.
 */
const FILE_TIMEOUT_MS = 10 * 60_000

/** How much of a failed file's report {@link failureExcerpt} keeps. */
const EXCERPT_CHARS = 4000

/**
 * What a failed file's report says went wrong, short enough to repeat at the end of a run: a CI
 * log is often read from its tail, where a file that ran ten minutes earlier is long out of view.
 * From node:test's closing "failing tests" section, the entries that only say a test was cancelled
 * (after a hook failed, every test of the suite is) are left out, so that the hook's own error is
 * what shows. A report without that section (the process crashed) gives its last lines.
 *
 * @param out - The file's spec report and stderr.
 * @returns At most about 4,000 characters.
 * @example
 * ```js
 * failureExcerpt(report) // "test at a.test.ts:2:1\n✖ suite\n  Error: hook broke\n…"
 * ```
 */
export function failureExcerpt(out) {
  const at = out.lastIndexOf('\n✖ failing tests:\n')
  if (at < 0) return out.trimEnd().slice(-EXCERPT_CHARS)
  const entries = out
    .slice(at + '\n✖ failing tests:\n'.length)
    .split(/\n(?=test at )/)
    .map(entry => entry.trim())
    .filter(entry => entry && !/^\s*'test did not finish before its parent and was cancelled'$/m.test(entry))
  const text = entries.length > 0 ? entries.join('\n\n') : out.trimEnd().slice(-EXCERPT_CHARS)
  return text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS)}\n…` : text
}

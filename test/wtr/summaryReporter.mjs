// Counts the browser tests' results and writes them as JSON for scripts/test.mjs, which adds
// them to the Node tests' counts for the final `tests: N passed, N failed` line, and prints the
// failures again at the end of the run (a CI log is read from its tail, and the Node tests go on
// for minutes after the browser tests have reported).
import { writeFileSync } from 'node:fs'
import { relative } from 'node:path'

/** How many characters of one failure's message and stack are kept. */
const FAILURE_CHARS = 1500

/** One error as text: its message, then the first lines of its stack. */
function describe(error) {
  const message = error?.message ?? String(error)
  const stack = String(error?.stack ?? '')
    .split('\n')
    .filter(line => /^\s+at /.test(line))
    .slice(0, 8)
  const text = [message, ...stack].join('\n')
  return text.length > FAILURE_CHARS ? `${text.slice(0, FAILURE_CHARS)}\n…` : text
}

function count(suite, acc, file, path) {
  if (!suite) return acc
  for (const t of suite.tests ?? []) {
    if (t.skipped) acc.skipped++
    else if (t.passed) acc.passed++
    else {
      acc.failed++
      acc.failures.push(`${file} › ${[...path, t.name].join(' › ')}\n${describe(t.error)}`)
    }
  }
  for (const s of suite.suites ?? []) count(s, acc, file, [...path, s.name])
  return acc
}

/**
 * A web-test-runner reporter that writes the run's counts and failures as JSON.
 *
 * @param file - Where to write `{ passed, failed, skipped, errors, failures }` (`failures`: one
 *   text per failed test or file error: file, test path, message, stack).
 * @returns {import('@web/test-runner').Reporter}
 * @example
 * ```js
 * // web-test-runner.config.mjs
 * export default { reporters: [defaultReporter(), summaryReporter()] }
 * ```
 */
export function summaryReporter(file = process.env.WM_WTR_SUMMARY) {
  return {
    onTestRunFinished({ sessions }) {
      const acc = { passed: 0, failed: 0, skipped: 0, errors: 0, failures: [] }
      for (const s of sessions) {
        const testFile = relative(process.cwd(), s.testFile)
        count(s.testResults, acc, testFile, [])
        // A file that failed to load, or threw outside a test, counts as a failure.
        if (!s.passed && (s.errors?.length || !s.testResults)) {
          acc.errors += Math.max(1, s.errors?.length ?? 0)
          const errors = s.errors?.length ? s.errors : [{ message: 'the file did not run (no results)' }]
          for (const error of errors) acc.failures.push(`${testFile}\n${describe(error)}`)
        }
      }
      if (file) writeFileSync(file, JSON.stringify(acc))
    }
  }
}

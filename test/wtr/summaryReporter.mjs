// Counts the browser tests' results and writes them as JSON for scripts/test.mjs, which adds
// them to the Node tests' counts for the final `tests: N passed, N failed` line.
import { writeFileSync } from 'node:fs'

function count(suite, acc) {
  if (!suite) return acc
  for (const t of suite.tests ?? []) {
    if (t.skipped) acc.skipped++
    else if (t.passed) acc.passed++
    else acc.failed++
  }
  for (const s of suite.suites ?? []) count(s, acc)
  return acc
}

/** @returns {import('@web/test-runner').Reporter} */
export function summaryReporter(file = process.env.WM_WTR_SUMMARY) {
  return {
    onTestRunFinished({ sessions }) {
      const acc = { passed: 0, failed: 0, skipped: 0, errors: 0 }
      for (const s of sessions) {
        count(s.testResults, acc)
        // A file that failed to load, or threw outside a test, counts as a failure.
        if (!s.passed && (s.errors?.length || !s.testResults)) acc.errors += Math.max(1, s.errors?.length ?? 0)
      }
      if (file) writeFileSync(file, JSON.stringify(acc))
    }
  }
}

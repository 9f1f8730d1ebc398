// The browser tests' reporter counts results for the final line and keeps each failure's file,
// test path and message, which scripts/test.mjs prints again at the end of the run.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { summaryReporter } from '../wtr/summaryReporter.mjs'

test('passed, skipped, a failed test in a nested suite and a file that did not load: counted and told', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wm-summary-'))
  try {
    const file = join(dir, 'summary.json')
    const error = new Error('expected 2 tokens, got 1')
    // The shape web-test-runner hands its reporters (TestSession: testFile, passed, testResults, errors).
    summaryReporter(file).onTestRunFinished({
      sessions: [
        {
          testFile: join(process.cwd(), 'packages/ui/src/views/Account.test.ts'),
          passed: false,
          errors: [],
          testResults: {
            name: '',
            tests: [{ name: 'paints', passed: true }],
            suites: [
              {
                name: 'AccountView',
                tests: [
                  { name: 'lists tokens', passed: false, error: { message: error.message, stack: error.stack } },
                  { name: 'later', passed: false, skipped: true }
                ],
                suites: []
              }
            ]
          }
        },
        {
          testFile: join(process.cwd(), 'packages/ui/src/broken.test.ts'),
          passed: false,
          errors: [{ message: 'SyntaxError: Unexpected token' }]
        }
      ]
    })
    const summary = JSON.parse(readFileSync(file, 'utf8'))
    assert.deepEqual([summary.passed, summary.failed, summary.skipped, summary.errors], [1, 1, 1, 1])
    assert.equal(summary.failures.length, 2)
    assert.match(summary.failures[0], /^packages\/ui\/src\/views\/Account\.test\.ts › AccountView › lists tokens\nexpected 2 tokens, got 1\n\s+at /)
    assert.equal(summary.failures[1], 'packages/ui/src/broken.test.ts\nSyntaxError: Unexpected token')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

// The browser suite's unhandled-rejection check (test/wtr/unhandledRejections.js) really fails a
// run: web-test-runner, with the suite's own config, on a fixture file that leaves a rejection
// unhandled, must end non-zero, count it for scripts/test.mjs, and name the test and the reason.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { tmpdir } from 'node:os'

const root = new URL('../../', import.meta.url).pathname

test('a browser test file that leaves a promise rejection unhandled fails the run, naming the test', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wm-unhandled-'))
  try {
    const summary = join(dir, 'summary.json')
    const run = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'node_modules/@web/test-runner/dist/bin.js',
        '--config',
        'web-test-runner.config.mjs',
        '--files',
        'test/wtr/fixtures/leavesRejection.fixture.js'
      ],
      {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, WM_WTR_SUMMARY: summary },
        timeout: 120_000
      }
    )
    const output = `${run.stdout}\n${run.stderr}`
    assert.notEqual(run.status, 0, output)
    const counts = JSON.parse(readFileSync(summary, 'utf8')) as { passed: number; failed: number; errors: number; failures: string[] }
    assert.equal(counts.passed, 2, output)
    assert.equal(counts.errors, 1, output)
    // What scripts/test.mjs prints again at the end of the run: the file and the reason.
    assert.equal(counts.failures.length, 1, counts.failures.join('\n\n'))
    assert.match(counts.failures[0]!, /^test\/wtr\/fixtures\/leavesRejection\.fixture\.js\n/)
    assert.match(counts.failures[0]!, /stray rejection from the fixture/)
    assert.match(output, /1 unhandled promise rejection\(s\) in this file/)
    assert.match(output, /a file with a stray rejection rejects something nobody awaits/)
    assert.match(output, /stray rejection from the fixture/)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

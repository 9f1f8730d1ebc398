// The Node half of `npm test` counts what node:test reports and repeats, at the end of the run,
// what failed: a CI log is read from its tail, and a hook that failed cancels every test of its
// suite, so the hook's error is the one line worth repeating.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { failureExcerpt, runTestFiles } from '../../scripts/runTestFiles.mjs'

/** Writes the files into a fresh folder and returns their paths, in order. */
function files(sources: Record<string, string>): { dir: string; paths: string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'wm-run-files-'))
  const paths = Object.entries(sources).map(([name, text]) => {
    writeFileSync(join(dir, name), text)
    return join(dir, name)
  })
  return { dir, paths }
}

test('a passing file, a suite whose before hook fails and a file that crashes: counted, and each failure told by its own error', async () => {
  const { dir, paths } = files({
    'passes.test.mjs': `import { it } from 'node:test'\nit('adds', () => {})\nit('adds again', () => {})\n`,
    'hook.test.mjs': [
      `import { before, describe, it } from 'node:test'`,
      `describe('devnet suite', () => {`,
      `  before(() => { throw new Error('eth_sendTransaction timed out') })`,
      `  it('first', () => {})`,
      `  it('second', () => {})`,
      `  it('third', () => {})`,
      `})`,
      ''
    ].join('\n'),
    'crash.test.mjs': `console.error('could not open the store: disk full')\nprocess.exit(3)\n`
  })
  try {
    // hold() keeps the reports out of this test's own output; the totals are what is asserted.
    // Without NODE_TEST_CONTEXT (set when this file runs under `node --test`), the children
    // report in text, as they do under `npm test`.
    const { NODE_TEST_CONTEXT: _, ...env } = process.env
    const totals = await runTestFiles(paths, { width: () => 2, hold: () => true, env, args: file => ['--test-reporter=spec', file] }).done
    assert.equal(totals.passed, 2)
    assert.equal(totals.failed, 4, 'three cancelled by the hook, one for the crash')
    assert.deepEqual(new Set(totals.failedFiles), new Set([paths[1], paths[2]]))
    const hook = totals.failures.get(paths[1]!)!
    assert.match(hook, /✖ devnet suite/)
    assert.match(hook, /Error: eth_sendTransaction timed out/)
    assert.doesNotMatch(hook, /was cancelled/)
    assert.match(totals.failures.get(paths[2]!)!, /could not open the store: disk full/)
    assert.equal(totals.failures.has(paths[0]!), false)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('a file that never ends is stopped at its timeout with the processes it started, and fails saying so', async () => {
  const { dir, paths } = files({
    'hangs.test.mjs': [
      `import { spawn } from 'node:child_process'`,
      `import { writeFileSync } from 'node:fs'`,
      `import { it } from 'node:test'`,
      `it('starts a node and waits for ever', async () => {`,
      `  const node = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' })`,
      `  writeFileSync(new URL('./pid', import.meta.url), String(node.pid))`,
      `  await new Promise(() => setInterval(() => {}, 1000))`,
      `})`,
      ''
    ].join('\n')
  })
  try {
    const { NODE_TEST_CONTEXT: _, ...env } = process.env
    const totals = await runTestFiles(paths, { width: () => 1, hold: () => true, env, timeoutMs: 1500, args: file => ['--test-reporter=spec', file] }).done
    assert.equal(totals.failed, 1)
    assert.match(totals.failures.get(paths[0]!)!, /no end after 2 s: stopped/)
    const pid = Number(readFileSync(join(dir, 'pid'), 'utf8'))
    // The group was killed at once; the child is gone once the kernel has reaped it.
    await waitUntil(() => !alive(pid))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

/** Whether a process with this pid exists (and is not a zombie). */
function alive(pid: number): boolean {
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'))
  } catch {
    return false
  }
}

/** Polls until the condition holds (5 s at most). */
async function waitUntil(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 5000
  while (!condition()) {
    if (Date.now() > deadline) assert.fail('condition not met within 5 s')
    await new Promise(resolve => setTimeout(resolve, 20))
  }
}

test('a long failure is cut to about 4,000 characters, keeping its beginning', () => {
  const report = `ℹ fail 1\n\n✖ failing tests:\n\ntest at a.test.ts:1:1\n✖ big\n  AssertionError: ${'x'.repeat(10_000)}\n`
  const excerpt = failureExcerpt(report)
  assert.ok(excerpt.startsWith('test at a.test.ts:1:1\n✖ big\n  AssertionError: xxx'), excerpt.slice(0, 80))
  assert.ok(excerpt.length <= 4002, String(excerpt.length))
  assert.ok(excerpt.endsWith('\n…'))
})

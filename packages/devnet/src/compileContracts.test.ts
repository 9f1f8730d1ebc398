import { it } from 'node:test'
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

it('src/contracts/artifacts.json is up to date with contracts/*.sol', async () => {
  const script = fileURLToPath(new URL('../scripts/compile-contracts.mjs', import.meta.url))
  // --check recompiles and compares without writing; it exits non-zero when they differ.
  const { stdout } = await promisify(execFile)(process.execPath, [script, '--check']).catch(error => {
    assert.fail(`artifact out of date or compile failed:\n${error.stdout}${error.stderr}`)
  })
  assert.match(stdout, /up to date/)
})

// The message catalogue: every locale has exactly the English keys, each message the English
// placeholders, and the compiled modules the elements import are what the catalogue compiles to
// (scripts/compileMessages.mjs was run after the last change of a messages/*.json file).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { existsSync, readFileSync } from 'node:fs'

const COMPILED = new URL('../../packages/core/src/i18n/compiled/', import.meta.url)

test('every locale has every message, with the same placeholders, and compiled/ is up to date', async () => {
  const { compileAll, LOCALES } = (await import(new URL('../../scripts/compileMessages.mjs', import.meta.url).href)) as {
    compileAll(): { files: Map<string, string>; problems: string[] }
    LOCALES: string[]
  }
  assert.ok(LOCALES.length >= 17, `${LOCALES.length} locales`)
  const { files, problems } = compileAll()
  assert.deepEqual(problems, [])
  for (const [path, text] of files) {
    const file = new URL(path, COMPILED)
    assert.ok(existsSync(file), `compiled/${path} exists (run node scripts/compileMessages.mjs)`)
    assert.equal(readFileSync(file, 'utf8'), text, `compiled/${path} is up to date (run node scripts/compileMessages.mjs)`)
  }
})

// The error catalogue stays honest: every catalogued code is raised by some source (or named by the
// code that picks the words to show), except the few listed as not raised yet, which nothing may
// use; when one gets raised, it moves to the "in use" list of WalletModalError.test.ts.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ERROR_MESSAGES } from '../../packages/core/src/errors/codes.js'
import { EMBEDDED_ERROR_MESSAGES } from '../../packages/core/src/errors/embeddedCodes.js'

const ROOT = new URL('../../packages/', import.meta.url).pathname
/** Catalogued, worded as the spec says, but raised by nothing yet (none now; docs/ERRORS.md says why any would be). */
const NOT_RAISED_YET: string[] = []

function sources(dir: string): string[] {
  const out: string[] = []
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name)
    if (e.isDirectory()) {
      if (e.name !== 'node_modules' && e.name !== 'dist' && e.name !== '__fixtures__') out.push(...sources(p))
    } else if (
      /\.tsx?$/.test(e.name) &&
      !/\.test\.tsx?$/.test(e.name) &&
      !p.endsWith(join('errors', 'codes.ts')) &&
      !p.endsWith(join('errors', 'embeddedCodes.ts'))
    )
      out.push(p)
  }
  return out
}

// What the product's code says, without the checks that only recognise an error someone else raised.
const code = sources(ROOT)
  .map(p => readFileSync(p, 'utf8').replace(/isWalletModalError\([^)]*\)/g, ''))
  .join('\n')
const used = (c: string) => code.includes(`'${c}'`)

test('every catalogued error is raised somewhere, but those listed as not raised yet', () => {
  const unused = [...Object.keys(ERROR_MESSAGES), ...Object.keys(EMBEDDED_ERROR_MESSAGES)].filter(c => !used(c) && !NOT_RAISED_YET.includes(c))
  assert.deepEqual(unused, [], 'catalogued, raised by nothing: raise it where the spec says, or list it as not raised yet')
})

test('the errors listed as not raised yet are indeed raised by nothing', () => {
  const raised = NOT_RAISED_YET.filter(used)
  assert.deepEqual(raised, [], 'now raised: move it to the errors in use (WalletModalError.test.ts) and out of NOT_RAISED_YET')
  for (const c of NOT_RAISED_YET) assert.ok(c in ERROR_MESSAGES, `${c} is catalogued`)
})

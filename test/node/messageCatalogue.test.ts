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

test('the notices keep the spec’s English wording: each error, alert and snack text is the one core shows', async () => {
  const en = JSON.parse(readFileSync(new URL('../../packages/core/src/i18n/messages/notices/en.json', import.meta.url), 'utf8')) as Record<string, string>
  const { ERROR_MESSAGES } = await import('../../packages/core/src/errors/codes.js')
  const { EMBEDDED_ERROR_MESSAGES } = await import('../../packages/core/src/errors/embeddedCodes.js')
  const { SOCIAL_ERROR_MESSAGES } = await import('../../packages/core/src/errors/socialCodes.js')
  const { SWAP_ERROR_MESSAGES } = await import('../../packages/core/src/errors/swapCodes.js')
  const { NAME_ERROR_MESSAGES } = await import('../../packages/core/src/errors/nameCodes.js')
  const { ALERTS } = await import('../../packages/core/src/controllers/alertTexts.js')
  const errors = { ...ERROR_MESSAGES, ...EMBEDDED_ERROR_MESSAGES, ...SOCIAL_ERROR_MESSAGES, ...SWAP_ERROR_MESSAGES, ...NAME_ERROR_MESSAGES }
  for (const [code, words] of Object.entries(errors)) assert.equal(en[`error.${code}`], words, `error.${code}`)
  for (const [code, alert] of Object.entries(ALERTS)) {
    assert.equal(en[`alert.${code}.title`], alert.title)
    assert.equal(en[`alert.${code}.description`], alert.description)
  }
  // Every error and alert key names a code that exists (none left behind by a renamed code).
  for (const key of Object.keys(en).filter(k => k.startsWith('error.'))) assert.ok(key.slice(6) in errors, key)
  for (const key of Object.keys(en).filter(k => k.startsWith('alert.'))) assert.ok(key.split('.')[1]! in ALERTS, key)
  // The snack texts core shows in English are these messages with their values.
  const sources = ['flows/sendTokens.ts', 'flows/swapExecute.ts', 'flows/onramp.ts', 'flows/accountType.ts', 'flows/embedded.ts', 'flows/signIn.ts']
    .map(f => readFileSync(new URL(`../../packages/core/src/${f}`, import.meta.url), 'utf8'))
    .join('\n')
  for (const key of Object.keys(en).filter(k => k.startsWith('snack.'))) assert.ok(sources.includes(`'${key}'`), `${key} is shown by core`)
  assert.equal(en['snack.transactionSent'], 'Transaction sent')
})

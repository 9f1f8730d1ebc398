// The README's "Use it with Vue / Svelte / Angular / plain HTML" blocks are the example sites'
// files, character for character: those files are built with their own toolchains and used in
// Chromium by test/e2e/examples.test.ts, so each block is one that works as pasted.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'

const ROOT = new URL('../../', import.meta.url)
const readme = readFileSync(new URL('README.md', ROOT), 'utf8')

/** The first fenced block of `language` under the README heading `heading`. */
function blockUnder(heading: string, language: string): string {
  const at = readme.indexOf(`\n${heading}\n`)
  assert.ok(at >= 0, `the README has "${heading}"`)
  const next = readme.indexOf('\n### ', at + 1)
  const section = readme.slice(at, next < 0 ? undefined : next)
  const block = new RegExp('```' + language + '\\n([\\s\\S]*?)```').exec(section)
  assert.ok(block, `a ${language} block under "${heading}"`)
  return block[1]!
}

for (const [heading, language, file] of [
  ['### Use it with Vue', 'vue', 'examples/vue/src/App.vue'],
  ['### Use it with Svelte', 'svelte', 'examples/svelte/src/App.svelte'],
  ['### Use it with Angular', 'ts', 'examples/angular/src/app/app.ts'],
  ['### Use it with plain HTML (CDN)', 'html', 'examples/html/index.html']
] as const) {
  test(`the README's "${heading.slice(4)}" block is ${file}`, () => {
    assert.equal(blockUnder(heading, language), readFileSync(new URL(file, ROOT), 'utf8'))
  })
}

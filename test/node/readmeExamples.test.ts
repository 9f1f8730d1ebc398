// The docs' framework pages show the example sites' files character for character: the Vue,
// Svelte and Angular pages and the script-tag page's CDN block are those files, which are built
// with their own toolchains and used in Chromium by test/e2e/examples.test.ts, so each block is one
// that works as pasted. The React and wagmi pages repeat the README's quickstart blocks, which
// test/e2e/packed.test.ts type-checks, builds and uses, so the docs never drift from them.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'

const ROOT = new URL('../../', import.meta.url)

/** The first fenced block of `language` in `file`'s section under the heading line `heading`. */
function blockUnder(file: string, heading: string, language: string): string {
  const lines = readFileSync(new URL(file, ROOT), 'utf8').split('\n')
  const start = lines.indexOf(heading)
  assert.ok(start >= 0, `${file} has "${heading}"`)
  let block: string[] | undefined
  for (const line of lines.slice(start + 1)) {
    if (block === undefined) {
      if (line === '```' + language) block = []
      else if (/^#{1,6} /.test(line)) break // the next section: no block under this heading
    } else if (line === '```') return `${block.join('\n')}\n`
    else block.push(line)
  }
  assert.fail(`a ${language} block under "${heading}" in ${file}`)
}

for (const [page, heading, language, file] of [
  ['docs/guide/vue.md', '# Vue', 'vue', 'examples/vue/src/App.vue'],
  ['docs/guide/svelte.md', '# Svelte', 'svelte', 'examples/svelte/src/App.svelte'],
  ['docs/guide/angular.md', '# Angular', 'ts', 'examples/angular/src/app/app.ts'],
  ['docs/guide/script-tag.md', '## The CDN build, with SRI', 'html', 'examples/html/index.html']
] as const) {
  test(`${page}, "${heading.replace(/^#+ /, '')}": its ${language} block is ${file}`, () => {
    assert.equal(blockUnder(page, heading, language), readFileSync(new URL(file, ROOT), 'utf8'))
  })
}

for (const [page, heading, readmeHeading] of [
  ['docs/guide/react.md', '# React', '### Use it with React'],
  ['docs/guide/wagmi.md', '# wagmi', '### Use it with wagmi']
] as const) {
  test(`${page}'s tsx block is the README's "${readmeHeading.slice(4)}" block`, () => {
    assert.equal(blockUnder(page, heading, 'tsx'), blockUnder('README.md', readmeHeading, 'tsx'))
  })
}

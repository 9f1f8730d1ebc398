// `npm start`'s "nothing changed since the last build" (scripts/inputsStamp.mjs), on a scratch git
// repository: the digest follows the content of the kept files (tracked or new, not ignored), a
// build is called unchanged only with the same digest and every output present, and nothing is
// unchanged where git cannot list the files.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { inputsDigest, recordBuilt, unchanged } from '../../scripts/inputsStamp.mjs'

test('a build is unchanged only while its kept inputs keep their content and its outputs exist', () => {
  const root = mkdtempSync(join(tmpdir(), 'wm-stamp-'))
  try {
    execFileSync('git', ['init', '-q'], { cwd: root })
    mkdirSync(join(root, 'src'))
    writeFileSync(join(root, '.gitignore'), 'out/\nnode_modules/\n')
    writeFileSync(join(root, 'src/a.ts'), 'export const a = 1\n')
    writeFileSync(join(root, 'notes.md'), 'prose\n')
    execFileSync('git', ['add', '.'], { cwd: root })
    const keep = (p: string) => p.startsWith('src/')
    const first = inputsDigest(keep, root)
    assert.match(first!, /^[0-9a-f]{64}$/)

    // Never built: not unchanged. Built, outputs there: unchanged.
    assert.equal(unchanged('build', first, ['out/a.js'], root), false)
    mkdirSync(join(root, 'out'))
    writeFileSync(join(root, 'out/a.js'), '')
    recordBuilt('build', first, root)
    assert.equal(unchanged('build', first, ['out/a.js'], root), true)

    // A file the filter leaves out, or an ignored one, changes nothing.
    writeFileSync(join(root, 'notes.md'), 'more prose\n')
    writeFileSync(join(root, 'out/b.js'), '')
    assert.equal(inputsDigest(keep, root), first)

    // A changed byte, a new untracked input, a deleted input: another digest.
    writeFileSync(join(root, 'src/a.ts'), 'export const a = 2\n')
    const edited = inputsDigest(keep, root)
    assert.notEqual(edited, first)
    assert.equal(unchanged('build', edited, ['out/a.js'], root), false)
    writeFileSync(join(root, 'src/b.ts'), 'export const b = 1\n')
    const added = inputsDigest(keep, root)
    assert.notEqual(added, edited)
    rmSync(join(root, 'src/a.ts'))
    assert.notEqual(inputsDigest(keep, root), added)

    // An output gone: rebuilt even with the same inputs.
    recordBuilt('build', added, root)
    rmSync(join(root, 'out/a.js'))
    assert.equal(unchanged('build', added, ['out/a.js'], root), false)
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
})

test('without git, nothing is ever unchanged', () => {
  const root = mkdtempSync(join(tmpdir(), 'wm-stamp-nogit-'))
  try {
    assert.equal(
      inputsDigest(() => true, root),
      undefined
    )
    recordBuilt('build', undefined, root)
    assert.equal(unchanged('build', undefined, [], root), false)
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
})

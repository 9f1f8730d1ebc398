// Every relative link of the README, the CHANGELOG and the docs pages reaches a file of the
// repository, and every `#anchor` a heading of that file (GitHub's slugs), so a reader following
// the docs never lands on a missing page, and the docs site built on these files neither.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { githubSlug } from '../../scripts/githubSlug.mjs'
import { isGeneratedDoc } from '../../scripts/generatedDocs.mjs'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const DOCS = join(ROOT, 'docs')

/**
 * The hand-written Markdown files under `dir`, recursively, as absolute paths: not the docs
 * site's own folders (.vitepress) nor the pages `npm run docs` generates (they link in VitePress's style).
 */
function markdownUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap(entry => {
    const path = join(dir, entry.name)
    if (entry.name.startsWith('.') || isGeneratedDoc(relative(DOCS, path).split(sep).join('/'))) return []
    if (entry.isDirectory()) return markdownUnder(path)
    return entry.name.endsWith('.md') ? [path] : []
  })
}

/** The page's lines outside fenced code blocks (links and headings inside code are text). */
function proseLines(markdown: string): string[] {
  const lines: string[] = []
  let fence: string | undefined
  for (const line of markdown.split('\n')) {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1]
    if (marker && (fence === undefined || (marker[0] === fence[0] && marker.length >= fence.length))) {
      fence = fence === undefined ? marker : undefined
      continue
    }
    if (fence === undefined) lines.push(line)
  }
  return lines
}

/** The anchors a page offers: its headings' slugs (repeated ones numbered as GitHub does) and explicit ids. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>()
  const seen = new Map<string, number>()
  for (const line of proseLines(markdown)) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1]
    if (heading !== undefined) {
      const slug = githubSlug(heading)
      const count = seen.get(slug) ?? 0
      seen.set(slug, count + 1)
      anchors.add(count === 0 ? slug : `${slug}-${count}`)
    }
    for (const id of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(id[1]!)
  }
  return anchors
}

/** The link targets of a page: inline links and images, and reference definitions (not inside code). */
function linksOf(markdown: string): string[] {
  const targets: string[] = []
  for (const raw of proseLines(markdown)) {
    const line = raw.replace(/(`+)[\s\S]*?\1/g, '') // inline code spans are text
    for (const m of line.matchAll(/!?\[(?:[^[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g)) targets.push(m[1]!)
    const definition = /^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/.exec(line)
    if (definition) targets.push(definition[1]!)
  }
  return targets
}

const pages = [join(ROOT, 'README.md'), join(ROOT, 'CHANGELOG.md'), ...markdownUnder(DOCS)]
const anchorCache = new Map<string, Set<string>>()
const anchorsOfFile = (file: string): Set<string> => {
  let anchors = anchorCache.get(file)
  if (!anchors) anchorCache.set(file, (anchors = anchorsOf(readFileSync(file, 'utf8'))))
  return anchors
}

/** Why `target`, linked from `page`, does not resolve; undefined when it does (or is not relative). */
function brokenLink(page: string, target: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) return undefined // another site, mailto:
  const hash = target.indexOf('#')
  const path = decodeURIComponent(hash < 0 ? target : target.slice(0, hash))
  const anchor = hash < 0 ? undefined : decodeURIComponent(target.slice(hash + 1))
  const file = path === '' ? page : path.startsWith('/') ? join(ROOT, path) : resolve(dirname(page), path)
  if (relative(ROOT, file).startsWith('..')) return 'points outside the repository'
  let isFile = false
  try {
    isFile = statSync(file).isFile()
  } catch {
    return `no such file: ${relative(ROOT, file)}`
  }
  if (!isFile) return `not a file: ${relative(ROOT, file)}`
  if (anchor === undefined || anchor === '') return undefined
  if (!file.endsWith('.md')) return `an anchor into a file that is not Markdown: ${relative(ROOT, file)}`
  return anchorsOfFile(file).has(anchor) ? undefined : `no heading "#${anchor}" in ${relative(ROOT, file)}`
}

test('the docs have their pages', () => {
  for (const page of ['docs/index.md', 'docs/guide/getting-started.md', 'docs/guide/options.md', 'docs/performance.md', 'docs/repository.md'])
    assert.ok(pages.includes(join(ROOT, page)), `${page} exists`)
})

test("the slugs are GitHub's", () => {
  assert.equal(githubSlug('The CDN build, with SRI'), 'the-cdn-build-with-sri')
  assert.equal(githubSlug('The bootstrap (#25)'), 'the-bootstrap-25')
  assert.equal(githubSlug("The relay in the public relay's mode"), 'the-relay-in-the-public-relays-mode')
  assert.equal(githubSlug('Languages (`core/src/i18n/`)'), 'languages-coresrci18n')
  assert.equal(githubSlug('3. Mixed'), '3-mixed')
  assert.equal(githubSlug('Sign in with the [wallet](x.md)'), 'sign-in-with-the-wallet')
})

for (const page of pages) {
  const name = relative(ROOT, page)
  test(`every relative link of ${name} resolves`, () => {
    const markdown = readFileSync(page, 'utf8')
    const h1s = proseLines(markdown).filter(line => /^# /.test(line))
    assert.equal(h1s.length, 1, `${name} has one H1 (it has ${h1s.length})`)
    const broken = linksOf(markdown).flatMap(target => {
      const why = brokenLink(page, target)
      return why ? [`${name}: (${target}) ${why}`] : []
    })
    assert.deepEqual(broken, [], `broken links in ${name}:\n${broken.join('\n')}`)
  })
}

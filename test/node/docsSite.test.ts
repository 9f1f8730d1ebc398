// `npm run docs` builds the documentation site (VitePress fails the build on a link to a missing
// page), and in what it built every internal link reaches a file and every `#anchor` an element
// of it, every page is in the menu, and the API reference has a heading for every name every
// public entry exports. Builds into a temporary folder (DOCS_OUT_DIR), like `npm run docs` would.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { exportNames, publicEntries, ROOT } from '../../scripts/publicEntries.mjs'

const BASE = '/docs/'

/** Runs `node scripts/docs.mjs` to its end: its exit code and what it printed. */
function buildDocs(outDir: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'scripts/docs.mjs')], {
      cwd: ROOT,
      env: { ...process.env, DOCS_OUT_DIR: outDir, DOCS_CACHE_DIR: join(outDir, '..', 'cache'), DOCS_BASE: BASE, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let output = ''
    child.stdout.on('data', chunk => (output += chunk))
    child.stderr.on('data', chunk => (output += chunk))
    child.on('error', reject)
    child.on('close', code => resolve({ code, output }))
  })
}

/** The built HTML pages, as paths relative to the output folder with `/` separators. */
function htmlUnder(dir: string, prefix = ''): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap(entry => {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name
    if (entry.isDirectory()) return htmlUnder(dir, path)
    return entry.name.endsWith('.html') ? [path] : []
  })
}

/** The text of some HTML: no tags, entities decoded, no zero-width spaces (VitePress's permalinks). */
function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\u200b/g, '')
    .trim()
}

/** The ids of a page's elements. */
const idsOf = (html: string) => new Set([...html.matchAll(/\sid="([^"]*)"/g)].map(m => textOf(m[1]!)))

/** The `href` and `src` attributes of a page's elements (text inside code is escaped, so not matched). */
const urlsOf = (html: string) => [...html.matchAll(/\s(?:href|src)="([^"]*)"/g)].map(m => textOf(m[1]!))

describe('the docs site', () => {
  let work = ''
  let out = ''
  let pages: string[] = []
  const html = new Map<string, string>()
  const read = (page: string) => {
    let text = html.get(page)
    if (text === undefined) html.set(page, (text = readFileSync(join(out, page), 'utf8')))
    return text
  }

  before(async () => {
    work = mkdtempSync(join(tmpdir(), 'wm-docs-'))
    out = join(work, 'dist')
    const { code, output } = await buildDocs(out)
    assert.equal(code, 0, `npm run docs failed:\n${output.slice(-4000)}`)
    pages = htmlUnder(out)
  })
  after(() => {
    if (work) rmSync(work, { recursive: true, force: true })
  })

  it('has the pages of docs/, the changelog and the API reference', () => {
    for (const page of ['index.html', 'guide/getting-started.html', 'self-hosting/index.html', 'changelog.html', 'api/index.html', 'api/core.html'])
      assert.ok(pages.includes(page), `${page} built (${pages.length} pages)`)
  })

  it('reaches a built file and anchor from every internal link', () => {
    const broken: string[] = []
    for (const page of pages) {
      const pageUrl = new URL(page, `http://docs.test${BASE}`)
      for (const href of urlsOf(read(page))) {
        const url = new URL(href, pageUrl)
        if (url.origin !== pageUrl.origin) continue // another site
        if (!url.pathname.startsWith(BASE)) {
          broken.push(`${page}: ${href} is outside ${BASE}`)
          continue
        }
        let target = decodeURIComponent(url.pathname.slice(BASE.length))
        if (target === '' || target.endsWith('/')) target += 'index.html'
        const file = join(out, ...target.split('/'))
        if (relative(out, file).startsWith('..') || !statSync(file, { throwIfNoEntry: false })?.isFile()) {
          broken.push(`${page}: ${href} (no file ${target})`)
          continue
        }
        const anchor = decodeURIComponent(url.hash.slice(1))
        if (anchor && target.endsWith('.html') && !idsOf(read(target)).has(anchor)) broken.push(`${page}: ${href} (no #${anchor} in ${target})`)
      }
    }
    assert.deepEqual(broken, [], `${broken.length} broken links:\n${broken.slice(0, 50).join('\n')}`)
  })

  it('lists every page in the menu', () => {
    const menu = new Set(
      urlsOf(read('index.html'))
        .filter(href => href.startsWith(BASE))
        .map(href => href.slice(BASE.length).replace(/(^|\/)$/, '$1index.html'))
    )
    const missing = pages.filter(page => page !== '404.html' && !menu.has(page))
    assert.deepEqual(missing, [], 'pages the sidebar does not link')
  })

  it('documents every export of every public entry in the API reference', () => {
    const entries = publicEntries()
    assert.ok(entries.some(e => e.name === '@wallet-modal/core') && entries.some(e => e.name === '@wallet-modal/ui'), 'the entries are read')
    // Each entry's page: the API page whose title is the entry's import specifier.
    const pageOf = new Map<string, string>()
    for (const page of pages.filter(p => p.startsWith('api/'))) {
      const title = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(read(page))?.[1]
      if (title !== undefined) pageOf.set(textOf(title), page)
    }
    const missing: string[] = []
    for (const [entry, names] of exportNames(entries)) {
      const page = pageOf.get(entry)
      if (!page) {
        missing.push(`${entry}: no page titled ${entry} in api/`)
        continue
      }
      // Each export has its heading: `name` (a type, a constant, a re-export) or `name()`.
      const headings = new Set([...read(page).matchAll(/<h3[^>]*>([\s\S]*?)<\/h3>/g)].map(m => textOf(m[1]!).replace(/\(\)$/, '')))
      for (const name of names) if (!headings.has(name)) missing.push(`${entry}: ${name} (in ${page})`)
    }
    assert.deepEqual(missing, [], 'exports without a heading in the API reference')
  })

  it('loads nothing from another origin', () => {
    const foreign = pages.flatMap(page => [...read(page).matchAll(/<(?:script|link)\s[^>]*(?:src|href)="(https?:)?\/\/[^"]*"/g)].map(m => `${page}: ${m[0]}`))
    const css = readdirSync(join(out, 'assets'))
      .filter(file => file.endsWith('.css'))
      .flatMap(file => (/url\(\s*['"]?(https?:)?\/\//.test(readFileSync(join(out, 'assets', file), 'utf8')) ? [`assets/${file}: url() of another origin`] : []))
    assert.deepEqual([...foreign, ...css], [], 'scripts, styles or fonts from elsewhere')
  })
})

import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve, sep } from 'node:path'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { inlineScriptHashes } from '../examples/serveExamples.js'

/** The URL path the docs are served under: the base `npm run docs` builds them for. */
export const DOCS_PATH = '/docs/'

/**
 * The `style-src` sources the docs site's `style` attributes need: the SHA-256 of each distinct
 * value in any of its pages (the code blocks' colours, `--shiki-light:#24292E;...`, and two of the
 * theme's), all of them because moving to another page inserts that page's HTML into the current
 * one, under the current page's policy. With `'unsafe-hashes'`, which lets hashes allow
 * attributes; no `<style>` element is needed.
 *
 * @example
 * ```ts
 * styleAttributeHashes(['<p style="color:red">x</p>']) // ["'sha256-…'"]
 * ```
 * @param pages - The site's HTML pages.
 * @returns The sources, sorted, without duplicates.
 */
export function styleAttributeHashes(pages: Iterable<string>): string[] {
  const values = new Set<string>()
  for (const html of pages) for (const m of html.matchAll(/<[a-zA-Z][^>]*?\sstyle="([^"]*)"/g)) values.add(decodeAttribute(m[1]!))
  return [...values].map(value => `'sha256-${createHash('sha256').update(value).digest('base64')}'`).sort()
}

/**
 * The Content-Security-Policy of a docs page: the demo's, its `script-src` naming the page's
 * inline scripts by hash (VitePress's two: the dark-mode and macOS checks, run before the page is
 * painted) and its `style-src` the site's style attributes (see {@link styleAttributeHashes}).
 *
 * @param csp - The demo's policy (with `script-src 'self'` and `style-src 'self'`).
 * @param html - The page.
 * @param styleHashes - From {@link styleAttributeHashes}.
 */
export function docsPageCsp(csp: string, html: string, styleHashes: readonly string[]): string {
  const scripts = inlineScriptHashes(html)
  let policy = csp
  if (scripts.length > 0) policy = policy.replace("script-src 'self'", `script-src 'self' ${scripts.join(' ')}`)
  if (styleHashes.length > 0) policy = policy.replace("style-src 'self'", `style-src 'self' 'unsafe-hashes' ${styleHashes.join(' ')}`)
  return policy
}

/**
 * Serves the documentation site, VitePress's build in `distDir` (`docs/.vitepress/dist`, made by
 * `npm run docs` for the base `/docs/`), at `/docs/` (GET only, like the rest of the demo server):
 * a folder's URL serves its index.html, a page missing answers 404 with the site's own 404 page,
 * and every page gets the demo's CSP plus the hashes its inline scripts and style attributes need
 * (see {@link docsPageCsp}); other files are sent as built. Until the site is built, `/docs/`
 * answers 404 saying how to build it.
 *
 * @param app - The demo server (its `sendFile` and security headers apply).
 * @param distDir - The site's build.
 * @param csp - The demo's Content-Security-Policy, extended per page.
 */
export function serveDocs(app: FastifyInstance, distDir: string, csp: string): void {
  const root = resolve(distDir)
  const built = () => statSync(join(root, 'index.html'), { throwIfNoEntry: false })?.isFile() === true
  // The style hashes of the whole site, read again when it is rebuilt (VitePress rewrites every page).
  let styles: { stamp: number; hashes: string[] } | undefined
  const styleHashes = (): string[] => {
    // A site being rebuilt may have no index for a moment: its hashes are then read again next time.
    const stamp = statSync(join(root, 'index.html'), { throwIfNoEntry: false })?.mtimeMs ?? Number.NaN
    if (styles?.stamp !== stamp) styles = { stamp, hashes: styleAttributeHashes(htmlFilesUnder(root).map(file => readFileSync(file, 'utf8'))) }
    return styles.hashes
  }
  const page = (reply: FastifyReply, file: string, status = 200) => {
    const html = readFileSync(file, 'utf8')
    // Replaces the header the server's onSend hook sets (it runs before this payload is sent).
    reply.header('Content-Security-Policy', docsPageCsp(csp, html, styleHashes()))
    return reply.code(status).type('text/html; charset=utf-8').send(html)
  }
  const notFound = (reply: FastifyReply) => {
    const custom = join(root, '404.html')
    if (statSync(custom, { throwIfNoEntry: false })?.isFile()) return page(reply, custom, 404)
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found')
  }

  app.get(DOCS_PATH.slice(0, -1), async (_request, reply) => reply.redirect(DOCS_PATH))
  app.get(`${DOCS_PATH}*`, async (request, reply) => {
    if (!built()) return reply.code(404).type('text/plain; charset=utf-8').send('Not found (the docs are built by `npm run docs`)')
    const path = (request.params as { '*': string })['*']
    // Dot-files are not served, as everywhere on the demo server.
    if (path.split('/').some(segment => segment.startsWith('.'))) return notFound(reply)
    const file = resolve(root, path === '' || path.endsWith('/') ? `${path}index.html` : path)
    // The server refuses `..` segments before this; this keeps the route safe on its own.
    if (file !== root && !file.startsWith(root + sep)) return notFound(reply)
    const stat = statSync(file, { throwIfNoEntry: false })
    if (stat?.isDirectory()) return reply.redirect(encodeURI(`${DOCS_PATH}${path}/`))
    if (!stat?.isFile()) return notFound(reply)
    if (file.endsWith('.html')) return page(reply, file)
    return reply.sendFile(relative(root, file).split(sep).join('/'), root)
  })
}

/** The HTML files under `dir`, recursively, as absolute paths. */
function htmlFilesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap(entry => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return htmlFilesUnder(path)
    return entry.name.endsWith('.html') ? [path] : []
  })
}

/** An attribute's value as the browser reads it (the entities VitePress's HTML uses decoded). */
function decodeAttribute(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}

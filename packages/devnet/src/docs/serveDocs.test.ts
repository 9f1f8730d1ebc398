import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import fastifyStatic from '@fastify/static'
import { docsPageCsp, serveDocs, styleAttributeHashes } from './serveDocs.js'

const CSP = "default-src 'self'; script-src 'self'; style-src 'self'"
const DARK_MODE = "document.documentElement.classList.add('dark')"
const SHIKI = '--shiki-light:#24292E;--shiki-dark:#E1E4E8;'
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

/** A page as VitePress writes them: its inline script, its module script, a style attribute. */
const page = (body: string, style = SHIKI) =>
  `<!DOCTYPE html><html><head><script id="check-dark-mode">${DARK_MODE}</script><script type="module" src="/docs/assets/app.js"></script></head><body><span style="${style}">${body}</span></body></html>`

describe('serveDocs', () => {
  let dir = ''
  let app: FastifyInstance
  let url = ''

  /** A demo server serving `dist` at /docs/. */
  async function serve(dist: string): Promise<void> {
    app = Fastify()
    await app.register(fastifyStatic, { root: dist, serve: false })
    serveDocs(app, dist, CSP)
    url = await app.listen({ port: 0, host: '127.0.0.1' })
  }

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'devnet-docs-'))
    const files: Record<string, string> = {
      'index.html': page('Home'),
      'guide/react.html': page('React', 'position:relative;'),
      'self-hosting/index.html': page('Self-hosting'),
      '404.html': page('Page not found'),
      'assets/app.js': 'export const app = 1',
      '.hidden.html': page('a dot-file'),
      '.vitepress/cache.js': 'export const cache = 1'
    }
    for (const [name, content] of Object.entries(files)) {
      await mkdir(join(dir, 'dist', name, '..'), { recursive: true })
      await writeFile(join(dir, 'dist', name), content)
    }
    await writeFile(join(dir, 'secret.txt'), 'not for the web')
    await serve(join(dir, 'dist'))
  })
  after(async () => {
    await app?.close()
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  it("serves the site's pages with a CSP naming their inline script and every style attribute of the site", async () => {
    const res = await fetch(`${url}/docs/`)
    assert.equal(res.status, 200)
    assert.match(await res.text(), /Home/)
    // Both pages' style values: moving to guide/react inserts its HTML under this page's policy.
    const styles = [sha256(SHIKI), sha256('position:relative;')].sort().join(' ')
    assert.equal(
      res.headers.get('content-security-policy'),
      `default-src 'self'; script-src 'self' ${sha256(DARK_MODE)}; style-src 'self' 'unsafe-hashes' ${styles}`
    )
    assert.match(await (await fetch(`${url}/docs/guide/react.html`)).text(), /React/)
  })

  it('serves a folder through its index.html, redirecting to the trailing slash first', async () => {
    assert.equal((await fetch(`${url}/docs`, { redirect: 'manual' })).headers.get('location'), '/docs/')
    assert.equal((await fetch(`${url}/docs/self-hosting`, { redirect: 'manual' })).headers.get('location'), '/docs/self-hosting/')
    assert.match(await (await fetch(`${url}/docs/self-hosting/`)).text(), /Self-hosting/)
  })

  it('sends the other files as built', async () => {
    const res = await fetch(`${url}/docs/assets/app.js`)
    assert.equal(res.status, 200)
    assert.equal(await res.text(), 'export const app = 1')
  })

  it("answers a missing page with the site's 404 page, under the same policy", async () => {
    const res = await fetch(`${url}/docs/guide/missing.html`)
    assert.equal(res.status, 404)
    assert.match(await res.text(), /Page not found/)
    assert.match(res.headers.get('content-security-policy') ?? '', /script-src 'self' 'sha256-/)
    assert.equal((await fetch(`${url}/docs/assets/missing.js`)).status, 404)
  })

  it('keeps to its folder when a path climbs out of it', async () => {
    // fetch resolves `..` segments itself, and so does the server an encoded `%2e%2e/`: an encoded slash reaches the route.
    const res = await fetch(`${url}/docs/..%2fsecret.txt`)
    assert.equal(res.status, 404)
    assert.doesNotMatch(await res.text(), /not for the web/)
  })

  it('serves no dot-file, page or folder alike', async () => {
    for (const path of ['.hidden.html', '.vitepress/cache.js']) {
      const res = await fetch(`${url}/docs/${path}`)
      assert.equal(res.status, 404, path)
      assert.doesNotMatch(await res.text(), /a dot-file|cache = 1/, path)
    }
  })

  it('answers 404 saying how to build the docs before they are built', async () => {
    await app.close()
    await serve(join(dir, 'not-built'))
    const res = await fetch(`${url}/docs/`)
    assert.equal(res.status, 404)
    assert.match(await res.text(), /the docs are built by `npm run docs`/)
  })
})

describe('docsPageCsp', () => {
  it('leaves the policy as it is for a page with no inline script and a site with no style attribute', () => {
    assert.equal(docsPageCsp(CSP, '<script type="module" src="/docs/app.js"></script>', []), CSP)
  })

  it('hashes style attribute values as the browser reads them', () => {
    assert.deepEqual(styleAttributeHashes(['<p style="font-family:&quot;Inter&quot;">x</p><div data-style="x">']), [sha256('font-family:"Inter"')])
  })
})

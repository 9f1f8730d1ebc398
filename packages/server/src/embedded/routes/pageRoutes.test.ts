// The secure site's pages and their script and stylesheet, from pageRoutes alone on 127.0.0.1:
// which page origins get a page, what the page is told, its headers, and the site not built.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { PAGE_ORIGIN, startSecureRoutes } from '../../__fixtures__/startSecureRoutes.js'
import { useStarted } from '../../__fixtures__/useStarted.js'
import { pageRoutes } from './pageRoutes.js'

const ASSETS = { js: 'console.log("secure site")', css: 'body { margin: 0 }' }
const SHOP = { id: 'shop', allowedOrigins: ['https://shop.example', 'https://*.shop.example'] }
const projects = [{ id: 'demo', allowedOrigins: ['http://127.0.0.1:*'] }, SHOP]

const unescapeHtml = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')

/** A page as a browser gets it: status, headers and the settings its script reads (`data-` attributes of the body). */
async function page(base: string, path: string, query: Record<string, string>) {
  const response = await fetch(`${base}${path}?${new URLSearchParams(query)}`)
  const html = await response.text()
  const body = /<body([^>]*)>/.exec(html)?.[1] ?? ''
  const data = Object.fromEntries([...body.matchAll(/ data-([a-z-]+)="([^"]*)"/g)].map(m => [m[1]!, unescapeHtml(m[2]!)]))
  return { status: response.status, headers: response.headers, html, data, json: html.startsWith('{') ? JSON.parse(html) : undefined }
}

describe('pageRoutes', () => {
  const site = useStarted(
    () => startSecureRoutes(pageRoutes, { assets: ASSETS, projects }),
    s => s.close()
  )

  it("serves each page for one of the project's origins, framed only by them, with its own script and no inline one", async () => {
    for (const name of ['frame', 'otp', 'approve', 'export']) {
      const got = await page(site.url, `/${name}`, { projectId: 'shop', origin: 'https://a.shop.example' })
      assert.equal(got.status, 200, name)
      assert.equal(got.headers.get('content-type'), 'text/html; charset=utf-8')
      assert.equal(
        got.headers.get('content-security-policy'),
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors https://shop.example https://*.shop.example"
      )
      assert.equal(got.headers.get('x-content-type-options'), 'nosniff')
      assert.equal(got.headers.get('referrer-policy'), 'no-referrer')
      assert.equal(got.headers.get('cache-control'), 'no-store')
      assert.deepEqual(got.data, { page: name, origin: 'https://a.shop.example', project: 'shop', theme: 'light' })
      assert.match(got.html, /<script type="module" src="\/assets\/secure-site\.js"><\/script>/)
      assert.doesNotMatch(got.html, /<script>/)
    }
  })

  it("passes the page's settings to its script, escaped and cut to 254 characters, and the theme only as light or dark", async () => {
    const got = await page(site.url, '/otp', {
      projectId: 'demo',
      origin: PAGE_ORIGIN,
      theme: 'dark',
      email: `${'a'.repeat(300)}@example.com`,
      purpose: 'login',
      id: 'req-1',
      window: '"><script>alert(1)</script>',
      unknown: 'left out'
    })
    assert.equal(got.status, 200)
    assert.deepEqual(got.data, {
      page: 'otp',
      origin: PAGE_ORIGIN,
      project: 'demo',
      theme: 'dark',
      email: 'a'.repeat(254),
      purpose: 'login',
      id: 'req-1',
      window: '"><script>alert(1)</script>'
    })
    assert.doesNotMatch(got.html, /<script>alert/)
    assert.match(got.html, /<html lang="en" class="dark">/)
    assert.equal((await page(site.url, '/frame', { projectId: 'demo', origin: PAGE_ORIGIN, theme: 'neon' })).data.theme, 'light')
  })

  it('refuses a page origin that is not exactly one of the project’s, and an unknown project (403)', async () => {
    for (const [query, reason] of [
      [{ projectId: 'shop', origin: 'https://evil.example' }, 'Origin not allowed for this project'],
      [{ projectId: 'shop', origin: 'https://shop.example/' }, 'Origin not allowed for this project'],
      [{ projectId: 'shop', origin: 'https://shop.example/path' }, 'Origin not allowed for this project'],
      [{ projectId: 'shop', origin: 'not a url' }, 'Origin not allowed for this project'],
      [{ projectId: 'shop' }, 'Origin not allowed for this project'],
      [{ projectId: 'nope', origin: PAGE_ORIGIN }, 'Unknown project'],
      [{ origin: PAGE_ORIGIN }, 'Unknown project']
    ] as const) {
      const got = await page(site.url, '/frame', query)
      assert.deepEqual([got.status, got.json], [403, { error: 'forbidden', reason }], JSON.stringify(query))
    }
  })

  it('serves the built script and stylesheet, revalidated on each load', async () => {
    for (const [path, type, body] of [
      ['/assets/secure-site.js', 'text/javascript; charset=utf-8', ASSETS.js],
      ['/assets/secure-site.css', 'text/css; charset=utf-8', ASSETS.css]
    ] as const) {
      const response = await fetch(`${site.url}${path}`)
      assert.equal(response.status, 200)
      assert.equal(response.headers.get('content-type'), type)
      assert.equal(response.headers.get('cache-control'), 'no-cache')
      assert.equal(await response.text(), body)
    }
  })
})

describe('pageRoutes when the secure site is not built', () => {
  const site = useStarted(
    () => startSecureRoutes(pageRoutes),
    s => s.close()
  )

  it('answers pages 503 saying how to build it (after the origin check), and its files 404', async () => {
    const got = await page(site.url, '/frame', { projectId: 'demo', origin: PAGE_ORIGIN })
    assert.deepEqual([got.status, got.json], [503, { error: 'service_unavailable', reason: 'The secure site is not built: run npm run build' }])
    assert.equal((await page(site.url, '/frame', { projectId: 'demo', origin: 'https://evil.example' })).status, 403)
    for (const path of ['/assets/secure-site.js', '/assets/secure-site.css']) {
      const response = await fetch(`${site.url}${path}`)
      assert.deepEqual([response.status, await response.json()], [404, { error: 'not_found', reason: 'Not built' }])
    }
  })
})

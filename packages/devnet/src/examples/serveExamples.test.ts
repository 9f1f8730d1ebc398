import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import fastifyStatic from '@fastify/static'
import { inlineScriptHashes, serveExamples } from './serveExamples.js'

const CSP = "default-src 'self'; script-src 'self'; style-src 'self'"
const IMPORT_MAP = '{ "integrity": { "/dist/wallet-modal.js": "sha384-abc" } }'

describe('serveExamples', () => {
  let dir = ''
  let app: FastifyInstance
  let url = ''

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'devnet-examples-'))
    const files: Record<string, string> = {
      'vue/dist/index.html': '<!doctype html><html><head><script type="module" src="/examples/vue/assets/index.js"></script></head><body></body></html>',
      'vue/dist/assets/index.js': 'export const app = 1',
      'html/dist/index.html': `<!doctype html><html><head><script type="importmap">${IMPORT_MAP}</script><script type="module" src="/dist/wallet-modal.js"></script></head></html>`
      // svelte and angular: not built
    }
    for (const [name, content] of Object.entries(files)) {
      await mkdir(join(dir, name, '..'), { recursive: true })
      await writeFile(join(dir, name), content)
    }
    app = Fastify()
    await app.register(fastifyStatic, { root: dir, serve: false })
    serveExamples(app, dir, CSP)
    url = await app.listen({ port: 0, host: '127.0.0.1' })
  })
  after(async () => {
    await app?.close()
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  it('lists the examples, linking the built ones', async () => {
    const page = await (await fetch(`${url}/examples/`)).text()
    assert.match(page, /<a href="\/examples\/vue\/">Vue 3<\/a>/)
    assert.match(page, /<a href="\/examples\/html\/">Plain HTML<\/a>/)
    assert.match(page, /Svelte 5 \(not built: run <code>npm run build<\/code>\)/)
    assert.doesNotMatch(page, /href="\/examples\/angular\/"/)
  })

  it("serves a built example's page with the Devnet Wallet first, and its files as built", async () => {
    const res = await fetch(`${url}/examples/vue/`)
    assert.equal(res.status, 200)
    const html = await res.text()
    assert.ok(html.indexOf('src="/devnet-wallet.js"') < html.indexOf('src="/examples/vue/assets/index.js"'), html)
    // No inline script: the page keeps the server's own policy (none set by this route).
    assert.equal(res.headers.get('content-security-policy'), null)
    assert.equal(await (await fetch(`${url}/examples/vue/assets/index.js`)).text(), 'export const app = 1')
    assert.equal((await fetch(`${url}/examples/vue`, { redirect: 'manual' })).headers.get('location'), '/examples/vue/')
  })

  it("names a page's inline scripts by hash in its CSP", async () => {
    const res = await fetch(`${url}/examples/html/`)
    const expected = `'sha256-${createHash('sha256').update(IMPORT_MAP).digest('base64')}'`
    assert.deepEqual(inlineScriptHashes(await res.text()), [expected])
    assert.equal(res.headers.get('content-security-policy'), `default-src 'self'; script-src 'self' ${expected}; style-src 'self'`)
  })

  it('answers 404 for an example not built and a missing file, saying how to build', async () => {
    const notBuilt = await fetch(`${url}/examples/svelte/`)
    assert.equal(notBuilt.status, 404)
    assert.match(await notBuilt.text(), /the svelte example is built by `npm run build`/)
    assert.equal((await fetch(`${url}/examples/vue/assets/missing.js`)).status, 404)
    assert.equal((await fetch(`${url}/examples/unknown/`)).status, 404)
  })
})

// GET /about on the real server: the static page the modal's footer link opens, for a known
// project only, its name escaped, nothing that runs or loads, and the project's rate limit.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { createServer, type WalletModalServer } from '../internal.js'
import { demoServerConfig } from '../config/demoServerConfig.js'

const tokens = { DUSD: '0x5FbDB2315678afecb367f032d93F642f64180aa3', USDT: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512' }

describe('about page', () => {
  let server: WalletModalServer
  const about = (query: string) => fetch(`${server.url}/about${query}`)

  before(async () => {
    const config = demoServerConfig({ chains: [], tokens })
    config.projects.push({ id: 'nameless', allowedOrigins: [] })
    config.projects.push({ id: 'tricky', name: '<img src=x onerror=alert(1)> Shop & "Co"', allowedOrigins: [] })
    config.projects.push({ id: 'limited', name: 'Limited', allowedOrigins: [], rateLimits: { routes: { directory: 2 } } })
    server = await createServer({ config, relay: false })
  })
  after(async () => {
    await server?.close()
  })

  it("says who serves the project's modal, as a static page that runs, loads and frames nothing", async () => {
    const response = await about('?projectId=demo')
    assert.equal(response.status, 200)
    assert.equal(response.headers.get('content-type'), 'text/html; charset=utf-8')
    assert.equal(response.headers.get('content-security-policy'), "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
    const html = await response.text()
    assert.match(html, /^<!doctype html>/)
    assert.match(html, /<h1>Self-hosted wallet modal<\/h1>/)
    assert.match(html, /<p>Wallet Modal Demo runs its own wallet-modal server\./)
    assert.doesNotMatch(html, /<script|<style|<link|<img|https?:\/\//)
    // A project without a name is named by its id.
    assert.match(await (await about('?projectId=nameless')).text(), /<p>nameless runs its own wallet-modal server\./)
  })

  it("escapes the project's name", async () => {
    const html = await (await about('?projectId=tricky')).text()
    assert.match(html, /<p>&lt;img src=x onerror=alert\(1\)&gt; Shop &amp; &quot;Co&quot; runs its own/)
    assert.doesNotMatch(html, /<img/)
  })

  it('answers only a known project (it needs no sdk parameters)', async () => {
    for (const [query, status, reason] of [
      ['', 400, 'Missing required query parameter: projectId'],
      ['?projectId=', 400, 'Missing required query parameter: projectId'],
      ['?projectId=a&projectId=b', 400, 'Query parameter projectId must be given once'],
      ['?projectId=nope', 403, 'Unknown project id']
    ] as const) {
      const response = await about(query)
      assert.deepEqual([response.status, ((await response.json()) as { reason: string }).reason], [status, reason], query)
    }
  })

  it("is rate-limited with the project's directory routes, per project", async () => {
    assert.deepEqual([(await about('?projectId=limited')).status, (await about('?projectId=limited')).status], [200, 200])
    const limited = await about('?projectId=limited')
    assert.equal(limited.status, 429)
    assert.match(((await limited.json()) as { reason: string }).reason, /^Too many requests; try again in \d+ s$/)
    assert.match(limited.headers.get('retry-after') ?? '', /^\d+$/)
    assert.equal((await about('?projectId=demo')).status, 200, "another project's count is its own")
  })
})

// The test-only fault API: statuses with Retry-After, hanging requests, malformed bodies, limited
// counts, hit counting, the requests it saw, and that it does not exist unless enabled.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { createServer, type WalletModalServer } from '../internal.js'
import { demoServerConfig } from '../config/demoServerConfig.js'
import { getJson, postJson, urlOf, waitFor } from '../__fixtures__/http.js'

const ORIGIN = 'http://127.0.0.1:5173'
const tokens = { DUSD: '0x5FbDB2315678afecb367f032d93F642f64180aa3', USDT: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512' }

describe('fault API', () => {
  let server: WalletModalServer
  const setFault = async (fault: Record<string, unknown>) => {
    const answer = await postJson(`${server.url}/__faults`, fault)
    assert.equal(answer.status, 200, JSON.stringify(answer.body))
  }
  const hits = async (path: string) => (await getJson<{ hits: number }>(`${server.url}/__faults/hits?path=${encodeURIComponent(path)}`)).body.hits
  const config = () => fetch(urlOf(server.url, '/appkit/v1/config'), { headers: { origin: ORIGIN } })

  before(async () => {
    server = await createServer({ config: demoServerConfig({ chains: [], tokens }), enableFaults: true })
  })
  after(async () => {
    await server?.close()
  })

  it('answers a status with Retry-After and a JSON reason, readable cross-origin', async () => {
    await setFault({ path: '/appkit/', mode: 'status', status: 429, retryAfter: 2 })
    const response = await config()
    assert.equal(response.status, 429)
    assert.equal(response.headers.get('retry-after'), '2')
    assert.equal(response.headers.get('access-control-allow-origin'), ORIGIN)
    assert.match(response.headers.get('access-control-expose-headers') ?? '', /Retry-After/i)
    assert.deepEqual(await response.json(), { error: 'rate_limited', reason: 'Injected fault: HTTP 429 for /appkit/' })
    // Other paths are untouched.
    assert.equal((await fetch(urlOf(server.url, '/getAnalyticsConfig'))).status, 200)
    await setFault({ path: '/', mode: 'clear' })
    assert.equal((await config()).status, 200)
  })

  it('affects only `times` requests, newest fault first', async () => {
    await setFault({ path: '/appkit/', mode: 'status', status: 500 })
    await setFault({ path: '/appkit/v1/config', mode: 'status', status: 503, times: 2 })
    assert.deepEqual([(await config()).status, (await config()).status, (await config()).status], [503, 503, 500])
    await setFault({ path: '/', mode: 'clear' })
  })

  it('answers 200 with a body that is not JSON', async () => {
    await setFault({ path: '/appkit/v1/config', mode: 'malformed', times: 1 })
    const response = await config()
    assert.equal(response.status, 200)
    assert.match(response.headers.get('content-type') ?? '', /application\/json/)
    await assert.rejects(response.json(), SyntaxError)
    assert.equal((await config()).status, 200)
  })

  it('hangs until the client gives up, and close() still ends promptly', async () => {
    await setFault({ path: '/appkit/', mode: 'hang' })
    const started = Date.now()
    await assert.rejects(fetch(urlOf(server.url, '/appkit/v1/config'), { signal: AbortSignal.timeout(300) }), (error: Error) => error.name === 'TimeoutError')
    assert.ok(Date.now() - started >= 290)
    await setFault({ path: '/', mode: 'clear' })
    assert.equal((await config()).status, 200)
  })

  it('counts requests per path prefix (not preflights) until cleared', async () => {
    await setFault({ path: '/', mode: 'clear' })
    await Promise.all([config(), config(), fetch(urlOf(server.url, '/getAnalyticsConfig'))])
    await fetch(urlOf(server.url, '/appkit/v1/config'), { method: 'OPTIONS', headers: { origin: ORIGIN, 'access-control-request-method': 'GET' } })
    assert.equal(await hits('/appkit/'), 2)
    assert.equal(await hits('/'), 3)
    assert.equal(await hits('/v1/account/'), 0)
    await setFault({ path: '/', mode: 'clear' })
    assert.equal(await hits('/'), 0)
  })

  it('lists the URLs of the requests that reached a path prefix, as received, until cleared', async () => {
    await setFault({ path: '/', mode: 'clear' })
    await fetch(urlOf(server.url, '/appkit/v1/config', { marker: 'a b' }))
    await fetch(urlOf(server.url, '/getAnalyticsConfig'))
    await fetch(urlOf(server.url, '/appkit/v1/config'), { method: 'OPTIONS', headers: { origin: ORIGIN, 'access-control-request-method': 'GET' } })
    const requests = async (path: string) =>
      (await getJson<{ requests: string[] }>(`${server.url}/__faults/requests?path=${encodeURIComponent(path)}`)).body.requests
    const listed = await requests('/appkit/')
    assert.equal(listed.length, 1, 'preflights are not requests a client made')
    const url = new URL(listed[0]!, server.url)
    assert.equal(url.pathname, '/appkit/v1/config')
    assert.equal(url.searchParams.get('marker'), 'a b')
    assert.equal(url.searchParams.get('projectId'), 'demo')
    assert.equal((await requests('/')).length, 2)
    await setFault({ path: '/', mode: 'clear' })
    assert.deepEqual(await requests('/'), [])
  })

  it('validates fault requests and allows them cross-origin', async () => {
    for (const body of [
      { path: 'appkit', mode: 'hang' },
      { path: '/', mode: 'explode' },
      { path: '/', mode: 'status' },
      { path: '/', mode: 'status', status: 200 },
      { path: '/', mode: 'hang', times: 0 }
    ]) {
      const answer = await postJson(`${server.url}/__faults`, body)
      assert.equal(answer.status, 400, JSON.stringify(body))
      assert.equal(answer.body.error, 'bad_request')
    }
    const preflight = await fetch(`${server.url}/__faults`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:8000', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' }
    })
    assert.equal(preflight.headers.get('access-control-allow-origin'), 'http://localhost:8000')
  })

  it('closes with a request still hanging', async () => {
    const other = await createServer({ config: demoServerConfig({ chains: [], tokens }), enableFaults: true })
    await postJson(`${other.url}/__faults`, { path: '/', mode: 'hang' })
    const pending = fetch(urlOf(other.url, '/getAnalyticsConfig')).catch(error => error as Error)
    // The request is counted as it is taken over, so it is hanging once it shows in the hits.
    const hanging = async () => (await getJson<{ hits: number }>(`${other.url}/__faults/hits?path=/getAnalyticsConfig`)).body.hits === 1
    await waitFor(hanging, 5000, 'the request hanging')
    const started = Date.now()
    await other.close()
    assert.ok(Date.now() - started < 2000, 'close did not wait for the hanging request')
    assert.ok((await pending) instanceof Error, 'the hanging request failed when the server closed')
  })
})

describe('fault API when not enabled', () => {
  it('does not exist', async () => {
    const server = await createServer({ config: demoServerConfig({ chains: [], tokens }) })
    try {
      const answer = await postJson(`${server.url}/__faults`, { path: '/', mode: 'status', status: 500 })
      assert.equal(answer.status, 404)
      assert.equal((await fetch(`${server.url}/__faults/requests?path=/`)).status, 404, 'no record of requests either')
      assert.equal((await fetch(urlOf(server.url, '/getAnalyticsConfig'))).status, 200)
    } finally {
      await server.close()
    }
  })
})

describe('fault API for a client elsewhere', () => {
  it('answers only this machine: a remote client behind a trusted proxy finds nothing', async () => {
    const server = await createServer({ config: demoServerConfig({ chains: [], tokens }), enableFaults: true, trustProxy: 1, relay: false })
    try {
      const remote = { 'x-forwarded-for': '203.0.113.5' }
      const refused = await postJson(`${server.url}/__faults`, { path: '/getAnalyticsConfig', mode: 'status', status: 500 }, remote)
      assert.equal(refused.status, 404)
      assert.equal((await fetch(`${server.url}/__faults/hits?path=/`, { headers: remote })).status, 404)
      assert.equal((await fetch(urlOf(server.url, '/getAnalyticsConfig'))).status, 200, 'no fault was set')
      const local = await postJson(`${server.url}/__faults`, { path: '/getAnalyticsConfig', mode: 'status', status: 500 }, { 'x-forwarded-for': '127.0.0.1' })
      assert.equal(local.status, 200)
      assert.equal((await fetch(urlOf(server.url, '/getAnalyticsConfig'))).status, 500, 'a local test still sets faults')
    } finally {
      await server.close()
    }
  })
})

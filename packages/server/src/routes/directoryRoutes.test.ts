// The wallet directory, images, project configuration, CORS, the project guard and the request
// log, against a real server with an in-memory PGlite. No chain is needed here.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { createServer, demoServerConfig, type WalletModalServer } from '../index.js'
import { CLIENT, getJson, postJson, urlOf, waitFor, type OrError } from '../__fixtures__/http.js'
import type { WalletRow } from '../wallets/queryWallets.js'

// The answer's wallet is the stored row plus the caller-specific image URL.
type Wallet = WalletRow & { image_url: string }
interface Page {
  data: Wallet[]
  count: number
}

const ORIGIN = 'http://127.0.0.1:5173'

describe('wallet directory and project configuration', () => {
  let server: WalletModalServer
  const wallets = (params: Record<string, string | number | undefined>) => getJson<OrError<Page>>(urlOf(server.url, '/getWallets', { page: 1, entries: 40, ...params }))

  before(async () => {
    const config = demoServerConfig({
      // No chain is called here; the port is closed on purpose.
      chains: [{ chainId: 31337, name: 'Devnet', rpcUrl: 'http://127.0.0.1:9' }],
      tokens: { DUSD: '0x5FbDB2315678afecb367f032d93F642f64180aa3', USDT: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512' }
    })
    config.projects.push({ id: 'locked', allowedOrigins: ['https://only.example', 'https://*.shop.example'], features: [], analyticsEnabled: false })
    server = await createServer({ config })
  })
  after(async () => {
    await server?.close()
  })

  describe('/getWallets', () => {
    it('pages of 40 do not overlap and count the whole catalogue (>= 200)', async () => {
      const [one, two] = await Promise.all([wallets({ page: 1 }), wallets({ page: 2 })])
      assert.equal(one.status, 200)
      assert.equal(one.body.data.length, 40)
      assert.equal(two.body.data.length, 40)
      assert.ok(one.body.count >= 200, `count ${one.body.count}`)
      assert.equal(two.body.count, one.body.count)
      const ids = new Set(one.body.data.map(w => w.id))
      for (const w of two.body.data) assert.ok(!ids.has(w.id), `${w.name} on both pages`)
    })

    it('answers every wallet with the spec fields, the Devnet Wallet first', async () => {
      const { body } = await wallets({ page: 1, entries: 100 })
      const devnet = body.data[0]!
      assert.equal(devnet.name, 'Devnet Wallet')
      assert.equal(devnet.rdns, 'dev.wallet-modal.devnet')
      assert.deepEqual(devnet.chains, ['eip155:31337', 'eip155:31338'])
      assert.equal(devnet.mobile_link, null)
      for (const w of body.data) {
        assert.match(w.id, /^[0-9a-f]{64}$/)
        assert.equal(typeof w.name, 'string')
        assert.ok(w.chains.length > 0, `${w.name} has chains`)
        assert.ok(w.image_url.startsWith(`${server.url}/getWalletImage/${w.image_id}?`), w.image_url)
        for (const key of ['rdns', 'mobile_link', 'desktop_link', 'webapp_link', 'homepage'] as const) {
          assert.ok(w[key] === null || typeof w[key] === 'string', `${w.name}.${key}`)
        }
      }
      assert.ok(body.data.some(w => w.mobile_link?.startsWith('https://')), 'some universal links')
      assert.ok(body.data.some(w => w.mobile_link && /^[a-z0-9]+:\/\/$/.test(w.mobile_link)), 'some custom schemes')
    })

    it('pages past the end are empty but keep the count', async () => {
      const { body } = await wallets({ page: 1000 })
      assert.deepEqual(body.data, [])
      assert.ok(body.count >= 200)
    })

    it('searches names case-insensitively', async () => {
      const { body } = await wallets({ search: 'DEVNET' })
      assert.deepEqual(body.data.map(w => w.name), ['Devnet Wallet'])
      assert.equal(body.count, 1)
      const samples = await wallets({ search: 'sample wallet 01' })
      assert.equal(samples.body.count, 10)
      for (const w of samples.body.data) assert.match(w.name, /^Sample Wallet 01\d$/)
      const none = await wallets({ search: 'no such wallet %_' })
      assert.deepEqual(none.body, { data: [], count: 0 })
    })

    it('includes and excludes by id', async () => {
      const first = (await wallets({ entries: 5 })).body.data
      const included = await wallets({ include: [first[3]!.id, first[1]!.id].join(',') })
      // Catalogue order, not the order asked for.
      assert.deepEqual(included.body.data.map(w => w.id), [first[1]!.id, first[3]!.id])
      assert.equal(included.body.count, 2)
      const excluded = await wallets({ entries: 3, exclude: [first[0]!.id, first[1]!.id].join(',') })
      assert.deepEqual(excluded.body.data.map(w => w.id), [first[2]!.id, first[3]!.id, first[4]!.id])
      const all = (await wallets({})).body.count
      assert.equal(excluded.body.count, all - 2)
      const both = await wallets({ include: first[0]!.id, exclude: first[0]!.id })
      assert.deepEqual(both.body, { data: [], count: 0 })
    })

    it('filters by chain id or namespace (any match)', async () => {
      const devnet = await wallets({ chains: 'eip155:31338' })
      assert.deepEqual(devnet.body.data.map(w => w.name), ['Devnet Wallet'])
      const bitcoin = await wallets({ chains: 'bip122', entries: 100 })
      assert.ok(bitcoin.body.count > 0)
      for (const w of bitcoin.body.data) assert.ok(w.chains.some(c => c.startsWith('bip122:')), w.name)
      const either = await wallets({ chains: 'eip155:31337,bip122' })
      assert.equal(either.body.count, bitcoin.body.count + 1)
      const solanaMainnet = await wallets({ chains: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', entries: 100 })
      for (const w of solanaMainnet.body.data) assert.ok(w.chains.includes('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'))
      const nothing = await wallets({ chains: 'cosmos' })
      assert.equal(nothing.body.count, 0)
    })

    it('filters certified wallets with badge_type', async () => {
      const { body } = await wallets({ badge_type: 'certified', entries: 100 })
      assert.ok(body.count > 0 && body.count < 100)
      for (const w of body.data) assert.equal(w.badge_type, 'certified')
      assert.equal((await wallets({ badge_type: 'none' })).body.count, (await wallets({})).body.count)
    })

    it('rejects out-of-range and malformed parameters with a reason', async () => {
      const cases: Record<string, string | number>[] = [
        { entries: 0 },
        { entries: 101 },
        { page: 0 },
        { page: 'two' },
        { include: 'abc,<script>' },
        { exclude: 'a,,b' },
        { chains: 'EIP155:1' },
        { chains: 'eip155:1:0xabc' },
        { search: 'x'.repeat(101) },
        { badge_type: 'gold' }
      ]
      for (const params of cases) {
        const { status, body } = await wallets(params)
        assert.equal(status, 400, JSON.stringify(params))
        assert.equal(body.error, 'bad_request')
        assert.equal(typeof body.reason, 'string')
      }
      const missing = await getJson(urlOf(server.url, '/getWallets', { page: 1 }))
      assert.equal(missing.status, 400)
      assert.match(missing.body.reason, /entries/)
    })
  })

  describe('project parameters', () => {
    const paths = ['/getWallets?page=1&entries=1', '/appkit/v1/config', '/projects/v1/origins', '/getAnalyticsConfig', '/v1/supported-chains', '/public/getTokenImage/ETH']

    it('answers 400 naming the missing projectId, st or sv', async () => {
      for (const path of paths) {
        for (const name of ['projectId', 'st', 'sv'] as const) {
          const client: Record<string, string> = { ...CLIENT }
          delete client[name]
          const { status, body } = await getJson(urlOf(server.url, path, {}, client))
          assert.equal(status, 400, `${path} without ${name}`)
          assert.deepEqual(body, { error: 'bad_request', reason: `Missing required query parameter: ${name}` })
        }
        const empty = await getJson(urlOf(server.url, path, {}, { ...CLIENT, st: '' }))
        assert.equal(empty.status, 400)
      }
    })

    it('answers 403 for an unknown project', async () => {
      for (const path of paths) {
        const { status, body } = await getJson(urlOf(server.url, path, {}, { ...CLIENT, projectId: 'nope' }))
        assert.equal(status, 403, path)
        assert.deepEqual(body, { error: 'forbidden', reason: 'Unknown project id' })
      }
    })
  })

  describe('project configuration', () => {
    it('/appkit/v1/config lists the remote features of spec §9', async () => {
      const { status, body } = await getJson(urlOf(server.url, '/appkit/v1/config'))
      assert.equal(status, 200)
      const byId = Object.fromEntries(body.features.map((f: { id: string }) => [f.id, f]))
      assert.deepEqual(byId.email, { id: 'email', isEnabled: true, config: null })
      assert.deepEqual(byId.socials.config, ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'])
      assert.equal(byId.swaps.isEnabled, true)
      assert.equal(byId.onramp.isEnabled, true)
      assert.equal(byId.activity.isEnabled, true)
      assert.equal(byId.multiWallet.isEnabled, false)
      assert.ok(byId.reownBranding)
      const locked = await getJson(urlOf(server.url, '/appkit/v1/config', {}, { ...CLIENT, projectId: 'locked' }))
      assert.deepEqual(locked.body, { features: [] })
    })

    it('/projects/v1/origins and /getAnalyticsConfig answer per project', async () => {
      assert.deepEqual((await getJson(urlOf(server.url, '/projects/v1/origins'))).body, { allowedOrigins: ['http://127.0.0.1:*', 'http://localhost:*'] })
      assert.deepEqual((await getJson(urlOf(server.url, '/getAnalyticsConfig'))).body, { isAnalyticsEnabled: true })
      const locked = { ...CLIENT, projectId: 'locked' }
      assert.deepEqual((await getJson(urlOf(server.url, '/projects/v1/origins', {}, locked))).body, {
        allowedOrigins: ['https://only.example', 'https://*.shop.example']
      })
      assert.deepEqual((await getJson(urlOf(server.url, '/getAnalyticsConfig', {}, locked))).body, { isAnalyticsEnabled: false })
    })
  })

  describe('images', () => {
    const assertSvg = async (url: string): Promise<string> => {
      const response = await fetch(url)
      assert.equal(response.status, 200, url)
      assert.equal(response.headers.get('content-type'), 'image/svg+xml')
      assert.equal(response.headers.get('content-security-policy'), "default-src 'none'; style-src 'unsafe-inline'")
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff')
      const svg = await response.text()
      assert.match(svg, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*>.*<\/svg>$/)
      assert.doesNotMatch(svg, /<script|on\w+=|href|<foreignObject/i)
      return svg
    }

    it('serves every wallet image_url as a script-free SVG', async () => {
      const { body } = await wallets({ entries: 3 })
      const svgs = await Promise.all(body.data.map(w => assertSvg(w.image_url)))
      assert.match(svgs[0]!, />DW</)
      assert.notEqual(svgs[1], svgs[2])
    })

    it('serves network, avatar, currency and token images; unknown ids are 404 JSON', async () => {
      await assertSvg(urlOf(server.url, '/public/getAssetImage/eip155:31337'))
      await assertSvg(urlOf(server.url, '/public/getAssetImage/eip155'))
      await assertSvg(urlOf(server.url, '/public/getAssetImage/avatar-devnet'))
      await assertSvg(urlOf(server.url, '/public/getCurrencyImage/USD'))
      assert.match(await assertSvg(urlOf(server.url, '/public/getTokenImage/dusd')), />DUS</)
      for (const path of ['/getWalletImage/nope', '/public/getAssetImage/eip155:1234', '/public/getCurrencyImage/XXX', '/public/getTokenImage/NOPE']) {
        const { status, body } = await getJson(urlOf(server.url, path))
        assert.equal(status, 404, path)
        assert.equal(body.error, 'not_found')
        assert.match(body.reason, /Unknown .* image id/)
      }
      const bad = await getJson(urlOf(server.url, `/getWalletImage/${encodeURIComponent('a b<')}`))
      assert.equal(bad.status, 400)
    })
  })

  describe('CORS', () => {
    const withOrigin = (url: string, origin: string, init: RequestInit = {}) => fetch(url, { ...init, headers: { origin, ...(init.headers as Record<string, string>) } })

    it("allows the project's origins (with port wildcards) and exposes Retry-After", async () => {
      const response = await withOrigin(urlOf(server.url, '/getAnalyticsConfig'), ORIGIN)
      assert.equal(response.headers.get('access-control-allow-origin'), ORIGIN)
      assert.match(response.headers.get('access-control-expose-headers') ?? '', /Retry-After/i)
      const preflight = await withOrigin(urlOf(server.url, '/e'), ORIGIN, {
        method: 'OPTIONS',
        headers: { 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' }
      })
      assert.equal(preflight.status, 204)
      assert.equal(preflight.headers.get('access-control-allow-origin'), ORIGIN)
      assert.match(preflight.headers.get('access-control-allow-methods') ?? '', /POST/)
      assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /content-type/)
    })

    it('gives other origins no CORS headers, except where the answer holds no project data', async () => {
      const denied = await withOrigin(urlOf(server.url, '/appkit/v1/config'), 'https://evil.example')
      assert.equal(denied.headers.get('access-control-allow-origin'), null)
      const locked = { ...CLIENT, projectId: 'locked' }
      const sub = await withOrigin(urlOf(server.url, '/appkit/v1/config', {}, locked), 'https://a.shop.example')
      assert.equal(sub.headers.get('access-control-allow-origin'), 'https://a.shop.example')
      const notSub = await withOrigin(urlOf(server.url, '/appkit/v1/config', {}, locked), 'https://shop.example.evil.example')
      assert.equal(notSub.headers.get('access-control-allow-origin'), null)
      // A page on a forbidden origin may learn whether analytics is on and report (write-only)...
      const flag = await withOrigin(urlOf(server.url, '/getAnalyticsConfig'), 'https://evil.example')
      assert.equal(flag.headers.get('access-control-allow-origin'), 'https://evil.example')
      const report = await withOrigin(urlOf(server.url, '/e'), 'https://evil.example', {
        method: 'OPTIONS',
        headers: { 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' }
      })
      assert.equal(report.headers.get('access-control-allow-origin'), 'https://evil.example')
      // ...but never read the project's events.
      const read = await withOrigin(urlOf(server.url, '/e'), 'https://evil.example')
      assert.equal(read.headers.get('access-control-allow-origin'), null)
      // The modal must read the list to tell the site owner its origin is missing.
      const origins = await withOrigin(urlOf(server.url, '/projects/v1/origins', {}, locked), ORIGIN)
      assert.equal(origins.headers.get('access-control-allow-origin'), ORIGIN)
      const unknown = await withOrigin(urlOf(server.url, '/getAnalyticsConfig', {}, { ...CLIENT, projectId: 'nope' }), ORIGIN)
      assert.equal(unknown.status, 403)
      assert.equal(unknown.headers.get('access-control-allow-origin'), ORIGIN)
    })
  })

  describe('errors and the request log', () => {
    it('answers unknown routes, bad JSON and wrong content types with JSON reasons', async () => {
      const unknown = await getJson(`${server.url}/nope?x=1`)
      assert.deepEqual(unknown.body, { error: 'not_found', reason: 'No route for GET /nope' })
      assert.equal(unknown.status, 404)
      const badJson = await postJson(urlOf(server.url, '/e'), '{"eventId": ')
      assert.equal(badJson.status, 400)
      assert.equal(badJson.body.error, 'bad_request')
      const text = await fetch(urlOf(server.url, '/e'), { method: 'POST', headers: { 'content-type': 'application/xml' }, body: '<hi/>' })
      assert.equal(text.status, 415)
      assert.equal(((await text.json()) as { error: string }).error, 'unsupported_media_type')
    })

    it('stores method, path, status and duration of every request', async () => {
      await getJson(urlOf(server.url, '/getAnalyticsConfig', { marker: 'log-test' }))
      await getJson(urlOf(server.url, '/getAnalyticsConfig', {}, { ...CLIENT, projectId: 'nope' }))
      type Row = { method: string; path: string; status: number; ms: number; project_id: string | null }
      let rows: Row[] = []
      await waitFor(async () => {
        rows = (await server.store.query<Row>(`SELECT method, path, status, ms::float8 AS ms, project_id FROM request_log WHERE path = '/getAnalyticsConfig' ORDER BY id`)).rows
        // The log is written after each answer is sent, in batches, so under load the second
        // request's row can be stored before the first one's: wait for both.
        return rows.some(r => r.status === 403) && rows.some(r => r.status === 200)
      }, 3000, 'request log rows')
      const ok = rows.find(r => r.status === 200)!
      assert.equal(ok.method, 'GET')
      assert.equal(ok.project_id, 'demo')
      assert.ok(ok.ms >= 0 && ok.ms < 5000)
      assert.equal(rows.find(r => r.status === 403)!.project_id, 'nope')
    })
  })
})

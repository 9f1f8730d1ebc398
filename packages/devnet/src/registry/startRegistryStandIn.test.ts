// The public wallet registry's stand-in: every documented parameter of GET /getWallets, the images,
// the SDK parameters (query or v1 headers), CORS, and each way it can be made to fail.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { registrySampleData, registrySampleWallet, registryTilePng } from './registrySampleWallets.js'
import { REGISTRY_STAND_IN_PROJECT, startRegistryStandIn, type RegistryStandIn } from './startRegistryStandIn.js'

const SDK = { projectId: REGISTRY_STAND_IN_PROJECT, st: 'test', sv: 'test-0.0.1' }

interface Page {
  count: number
  data: Array<Record<string, any>>
  message?: string
}

describe('registry stand-in', () => {
  let registry: RegistryStandIn
  let locked: RegistryStandIn
  before(async () => {
    registry = await startRegistryStandIn()
    locked = await startRegistryStandIn({ projects: { shop: { allowedOrigins: ['https://shop.example'] } } })
  })
  after(async () => {
    await registry.close()
    await locked.close()
  })

  const url = (base: string, path: string, params: Record<string, string | number>, sdk: Record<string, string> = SDK) =>
    `${base}${path}?${new URLSearchParams(Object.entries({ ...sdk, ...params }).map(([k, v]) => [k, String(v)]))}`
  const get = async (params: Record<string, string | number>, init: RequestInit = {}, sdk?: Record<string, string>, base = registry.url) => {
    const response = await fetch(url(base, '/getWallets', params, sdk), init)
    return { status: response.status, headers: response.headers, body: (await response.json()) as Page }
  }

  it('serves a default set of devnet wallets in registry shape, by order', async () => {
    const { status, body } = await get({ page: 1, entries: 100 })
    assert.equal(status, 200)
    assert.equal(body.count, 32)
    assert.equal(body.data.length, 32)
    for (const w of body.data) {
      assert.match(w.id, /^[0-9a-f]{64}$/)
      assert.match(w.image_id, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
      assert.match(w.name, /^Devnet .* Wallet$/)
      for (const key of ['homepage', 'order', 'mobile_link', 'desktop_link', 'webapp_link', 'app_store', 'play_store', 'injected'])
        assert.ok(key in w, `${w.name} has ${key}`)
    }
    const orders = body.data.map(w => w.order)
    assert.deepEqual(
      orders,
      [...orders].sort((a, b) => a - b)
    )
  })

  it('pages by page and entries, count being every match', async () => {
    const pages = await Promise.all([1, 2, 3, 4].map(page => get({ page, entries: 10 })))
    assert.deepEqual(
      pages.map(p => p.body.data.length),
      [10, 10, 10, 2]
    )
    assert.ok(pages.every(p => p.body.count === 32))
    const ids = pages.flatMap(p => p.body.data.map(w => w.id))
    assert.equal(new Set(ids).size, 32)
    assert.deepEqual((await get({ page: 5, entries: 10 })).body, { count: 32, data: [] })
  })

  it('searches names case-insensitively', async () => {
    const { body } = await get({ page: 1, entries: 100, search: '  cOBalt ' })
    assert.deepEqual(
      body.data.map(w => w.name),
      ['Devnet Cobalt Wallet']
    )
    assert.equal(body.count, 1)
    assert.equal((await get({ page: 1, entries: 100, search: 'no such wallet' })).body.count, 0)
  })

  it('includes and excludes ids', async () => {
    const [a, b, c] = [0, 1, 2].map(i => registrySampleWallet(i).id)
    assert.deepEqual(
      (await get({ page: 1, entries: 100, include: `${c},${a}` })).body.data.map(w => w.id),
      [a, c]
    )
    const excluded = await get({ page: 1, entries: 100, exclude: `${a},${b}` })
    assert.equal(excluded.body.count, 30)
    assert.ok(!excluded.body.data.some(w => w.id === a || w.id === b))
    assert.deepEqual(
      (await get({ page: 1, entries: 100, include: `${a},${b}`, exclude: b! })).body.data.map(w => w.id),
      [a]
    )
  })

  it('filters by chains (any of them)', async () => {
    const solana = await get({ page: 1, entries: 100, chains: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' })
    assert.ok(solana.body.count > 0)
    assert.ok(solana.body.data.every(w => w.chains.includes('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')))
    const both = await get({ page: 1, entries: 100, chains: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp,bip122:000000000019d6689c085ae165831e93' })
    assert.ok(both.body.count > solana.body.count)
    assert.equal((await get({ page: 1, entries: 100, chains: 'eip155:999999' })).body.count, 0)
  })

  it('filters by platform: ios needs an App Store or mobile link, android a Play Store or mobile link', async () => {
    const all = (await get({ page: 1, entries: 100 })).body.data
    const ios = (await get({ page: 1, entries: 100, platform: 'ios' })).body
    const android = (await get({ page: 1, entries: 100, platform: 'android' })).body
    assert.deepEqual(
      ios.data.map(w => w.id),
      all.filter(w => w.app_store || w.mobile_link).map(w => w.id)
    )
    assert.deepEqual(
      android.data.map(w => w.id),
      all.filter(w => w.play_store || w.mobile_link).map(w => w.id)
    )
    assert.ok(ios.count < all.length && android.count < all.length)
    assert.notDeepEqual(
      ios.data.map(w => w.id),
      android.data.map(w => w.id)
    )
  })

  it('adds chains, rdns and badge_type only when the wallet has them', async () => {
    registry.addWallet({ ...registrySampleWallet(40), rdns: 'example.devnet.extra', badge_type: 'none' })
    try {
      const data = (await get({ page: 1, entries: 100 })).body.data
      const extra = data.find(w => w.id === registrySampleWallet(40).id)!
      assert.equal(extra.rdns, 'example.devnet.extra')
      assert.equal(extra.badge_type, 'none')
      assert.equal(data.find(w => w.id === registrySampleWallet(0).id)!.badge_type, 'certified')
      assert.ok(!('badge_type' in data.find(w => w.id === registrySampleWallet(1).id)!))
      assert.ok(!('rdns' in data[0]!))
    } finally {
      registry.removeWallet(registrySampleWallet(40).id)
    }
  })

  it('answers 400 with a message for bad parameters', async () => {
    const bad: Array<Record<string, string | number>> = [
      { entries: 10 },
      { page: 1 },
      { page: 0, entries: 10 },
      { page: 1, entries: 0 },
      { page: 1, entries: 101 },
      { page: 'x', entries: 10 },
      { page: 1, entries: 10, platform: 'windows' },
      { page: 1, entries: 10, chains: 'not a chain' },
      { page: 1, entries: 10, include: 'a b' },
      { page: 1, entries: 10, exclude: '<x>' },
      { page: 1, entries: 10, search: 'x'.repeat(101) }
    ]
    for (const params of bad) {
      const { status, body } = await get(params)
      assert.equal(status, 400, JSON.stringify(params))
      assert.equal(typeof body.message, 'string')
    }
    // The SDK parameters are required too.
    assert.equal((await get({ page: 1, entries: 1 }, {}, { st: 'x', sv: 'y' })).status, 400)
    assert.equal((await get({ page: 1, entries: 1 }, {}, { projectId: REGISTRY_STAND_IN_PROJECT })).status, 400)
  })

  it('accepts the v1 headers instead of query parameters', async () => {
    const { status, body } = await get(
      { page: 1, entries: 1 },
      { headers: { 'x-project-id': REGISTRY_STAND_IN_PROJECT, 'x-sdk-type': 'w3m', 'x-sdk-version': 'html-wagmi-5.0.0' } },
      {}
    )
    assert.equal(status, 200)
    assert.equal(body.data.length, 1)
    const seen = registry.requests().at(-1)!
    assert.equal(seen.headers['x-sdk-type'], 'w3m')
  })

  it('answers 401 for an unknown project and 403 for an origin outside the project allow-list', async () => {
    const unknown = await get({ page: 1, entries: 1 }, {}, { ...SDK, projectId: 'nobody' })
    assert.equal(unknown.status, 401)
    assert.match(unknown.body.message!, /Project ID/)
    const sdk = { ...SDK, projectId: 'shop' }
    const refused = await get({ page: 1, entries: 1 }, { headers: { origin: 'https://evil.example' } }, sdk, locked.url)
    assert.equal(refused.status, 403)
    assert.equal(refused.headers.get('access-control-allow-origin'), null)
    const allowed = await get({ page: 1, entries: 1 }, { headers: { origin: 'https://shop.example' } }, sdk, locked.url)
    assert.equal(allowed.status, 200)
    assert.equal(allowed.headers.get('access-control-allow-origin'), 'https://shop.example')
    // A server (no Origin) may call for any known project.
    assert.equal((await get({ page: 1, entries: 1 }, {}, sdk, locked.url)).status, 200)
    // A browser's preflight for the v1 headers.
    const preflight = await fetch(`${locked.url}/getWallets?projectId=shop`, {
      method: 'OPTIONS',
      headers: { origin: 'https://shop.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-project-id' }
    })
    assert.equal(preflight.status, 204)
    assert.equal(preflight.headers.get('access-control-allow-origin'), 'https://shop.example')
    assert.match(preflight.headers.get('access-control-allow-headers')!, /x-project-id/)
  })

  it('serves images with their content type and CORS, 404 for an unknown id', async () => {
    const { wallets, images } = registrySampleData(2)
    for (const wallet of wallets) {
      const response = await fetch(url(registry.url, `/getWalletImage/${wallet.image_id}`, {}), { headers: { origin: 'http://127.0.0.1:5173' } })
      assert.equal(response.status, 200)
      const expected = images.get(wallet.image_id)!
      assert.equal(response.headers.get('content-type'), expected.contentType)
      assert.equal(response.headers.get('access-control-allow-origin'), 'http://127.0.0.1:5173')
      assert.deepEqual(new Uint8Array(await response.arrayBuffer()), new Uint8Array(expected.bytes))
    }
    const svg = await (await fetch(url(registry.url, `/getWalletImage/${wallets[0]!.image_id}`, {}))).text()
    assert.match(svg, /^<svg [\s\S]*<\/svg>$/)
    assert.ok(!/script/i.test(svg))
    const png = new Uint8Array(await (await fetch(url(registry.url, `/getWalletImage/${wallets[1]!.image_id}`, {}))).arrayBuffer())
    assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    assert.equal((await fetch(url(registry.url, '/getWalletImage/nope', {}))).status, 404)
    assert.equal((await fetch(url(registry.url, '/getWalletImage/nope', {}, { ...SDK, projectId: 'nobody' }))).status, 401)
    assert.equal((await fetch(url(registry.url, '/elsewhere', {}))).status, 404)
    assert.equal((await fetch(url(registry.url, '/getWallets', { page: 1, entries: 1 }), { method: 'POST' })).status, 405)
  })

  it('changes while running: update, replace, remove, images', async () => {
    const target = registrySampleWallet(3)
    registry.updateWallet(target.id, { name: 'Devnet Renamed Wallet' })
    assert.equal((await get({ page: 1, entries: 100, include: target.id })).body.data[0]!.name, 'Devnet Renamed Wallet')
    registry.setImage(target.image_id, { contentType: 'image/png', bytes: registryTilePng('other') })
    assert.equal((await fetch(url(registry.url, `/getWalletImage/${target.image_id}`, {}))).headers.get('content-type'), 'image/png')
    const saved = registry.wallets().slice()
    registry.setWallets(saved.slice(0, 5))
    assert.equal((await get({ page: 1, entries: 100 })).body.count, 5)
    registry.setWallets(saved)
    registry.removeWallet(target.id)
    assert.equal((await get({ page: 1, entries: 100 })).body.count, 31)
    registry.setWallets(registrySampleData().wallets, registrySampleData().images)
    assert.throws(() => registry.removeWallet('nope'), /no wallet nope/)
  })

  it('fails as told: down, 429, bad JSON, short pages, from a given page, images only, slow', async () => {
    registry.fail({ mode: 'down' })
    const down = await get({ page: 1, entries: 10 })
    assert.equal(down.status, 500)
    assert.equal(typeof down.body.message, 'string')
    registry.fail({ mode: 'rate-limited' })
    const limited = await fetch(url(registry.url, '/getWallets', { page: 1, entries: 10 }))
    assert.equal(limited.status, 429)
    assert.equal(limited.headers.get('retry-after'), '60')
    registry.fail({ mode: 'bad-json' })
    await assert.rejects((await fetch(url(registry.url, '/getWallets', { page: 1, entries: 10 }))).json(), SyntaxError)
    registry.fail({ mode: 'short', fromPage: 2 })
    assert.equal((await get({ page: 1, entries: 10 })).body.data.length, 10)
    assert.deepEqual((await get({ page: 2, entries: 10 })).body, { count: 32, data: [] })
    registry.fail({ mode: 'down', on: 'images' })
    assert.equal((await get({ page: 1, entries: 10 })).status, 200)
    const image = registrySampleWallet(0).image_id
    assert.equal((await fetch(url(registry.url, `/getWalletImage/${image}`, {}))).status, 500)
    registry.fail({ mode: 'slow' })
    await assert.rejects(fetch(url(registry.url, '/getWallets', { page: 1, entries: 10 }), { signal: AbortSignal.timeout(200) }), /timeout|aborted/i)
    registry.fail(undefined)
    assert.equal((await get({ page: 1, entries: 10 })).status, 200)
  })

  it('closes even with a request held open', async () => {
    const held = await startRegistryStandIn()
    held.fail({ mode: 'slow' })
    const pending = fetch(url(held.url, '/getWallets', { page: 1, entries: 1 })).catch(error => error as Error)
    await waitUntil(() => held.requests().length === 1)
    await held.close()
    assert.ok((await pending) instanceof Error)
  })
})

async function waitUntil(check: () => boolean): Promise<void> {
  while (!check()) await new Promise(resolve => setImmediate(resolve))
}

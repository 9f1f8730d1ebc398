// Importing the public wallet registry (against its devnet stand-in, a real HTTP server): every
// page and image, changes only where the registry changed, a failing source keeping the old copy,
// and a real server serving what was imported.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { openStore } from '../db/openStore.js'
import type { Store } from '../db/Store.js'
import { createServer, type WalletModalServer } from '../internal.js'
import { demoServerConfig } from '../config/demoServerConfig.js'
import { getJson, urlOf, waitFor } from '../__fixtures__/http.js'
import {
  registrySampleData,
  registrySampleWallet,
  registryTilePng,
  REGISTRY_STAND_IN_PROJECT,
  startRegistryStandIn,
  type RegistryStandIn
} from '@wallet-modal/devnet'
import { readRegistrySyncState, RegistrySync, RegistrySyncError, type RegistrySyncOptions } from './RegistrySync.js'
import { RegistryRefreshJob } from './RegistryRefreshJob.js'

const offlineConfig = () =>
  demoServerConfig({
    chains: [{ chainId: 31337, name: 'Devnet', rpcUrl: 'http://127.0.0.1:9' }],
    tokens: { DUSD: '0x5FbDB2315678afecb367f032d93F642f64180aa3', USDT: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512' }
  })

interface Row {
  id: string
  hash: string
  updated_at: string
  position: number
}
const rowsOf = async (store: Store) =>
  new Map(
    (await store.query<Row>('SELECT id, hash, updated_at::text AS updated_at, position FROM registry_wallets ORDER BY position')).rows.map(r => [r.id, r])
  )

describe('RegistrySync', () => {
  let registry: RegistryStandIn
  let store: Store
  let lines: string[] = []
  const sample = registrySampleData(250)
  const sync = (options: Partial<RegistrySyncOptions> = {}) =>
    new RegistrySync({ store, projectId: REGISTRY_STAND_IN_PROJECT, sourceUrl: registry.url, log: line => lines.push(line), ...options }).run()

  before(async () => {
    ;[registry, store] = await Promise.all([startRegistryStandIn({ wallets: sample.wallets, images: sample.images }), openStore({})])
  })
  after(async () => {
    await registry.close()
    await store.close()
  })

  it('imports every page (100 at a time) and every image, with the SDK parameters and v1 headers', async () => {
    lines = []
    const result = await sync()
    assert.equal(result.count, 250)
    assert.equal(result.added.length, 250)
    assert.deepEqual([result.changed, result.removed, result.dropped], [[], [], []])
    assert.equal(result.images, 250)
    const pages = registry.requests().filter(r => r.path === '/getWallets')
    assert.deepEqual(
      pages.map(r => [r.query.page, r.query.entries]),
      [
        ['1', '100'],
        ['2', '100'],
        ['3', '100']
      ]
    )
    for (const request of registry.requests()) {
      assert.equal(request.query.projectId, REGISTRY_STAND_IN_PROJECT)
      assert.equal(request.query.st, 'wallet-modal')
      assert.match(request.query.sv!, /^wallet-modal-server-\d+\.\d+\.\d+/)
      assert.equal(request.headers['x-project-id'], REGISTRY_STAND_IN_PROJECT)
      assert.equal(request.headers['x-sdk-type'], 'wallet-modal')
      assert.equal(request.headers['x-sdk-version'], request.query.sv)
    }
    const rows = await rowsOf(store)
    assert.deepEqual(
      [...rows.keys()],
      sample.wallets.map(w => w.id),
      'in the registry order'
    )
    const images = await store.query<{ image_id: string; content_type: string; bytes: string }>(
      "SELECT image_id, content_type, encode(bytes, 'base64') AS bytes FROM registry_images"
    )
    assert.equal(images.rows.length, 250)
    for (const image of images.rows) {
      const expected = sample.images.get(image.image_id)!
      assert.equal(image.content_type, expected.contentType)
      assert.deepEqual(Buffer.from(image.bytes, 'base64'), Buffer.from(expected.bytes))
    }
    // eip155 injected ids become the rdns; the stored JSON keeps the store links.
    const first = await store.query<{ rdns: string | null; wallet: { app_store: string | null; injected: unknown[] } }>(
      'SELECT rdns, wallet FROM registry_wallets WHERE id = $1',
      [sample.wallets[0]!.id]
    )
    assert.equal(first.rows[0]!.rdns, 'example.devnet.amber')
    assert.equal(first.rows[0]!.wallet.app_store, 'https://apps.example/ios/devnet-amber')
    const state = await readRegistrySyncState(store)
    assert.equal(state?.walletCount, 250)
    assert.equal(state?.sourceUrl, registry.url)
    assert.equal(state?.lastError, null)
    assert.ok(state?.lastSuccessAt instanceof Date)
    assert.match(lines.join('\n'), /250 wallets from .* \(250 added, 0 changed, 0 removed, 250 images fetched, 0 dropped\)/)
  })

  it('a second sync rewrites only the wallet that changed, and logs it', async () => {
    const before = await rowsOf(store)
    const target = sample.wallets[7]!
    registry.updateWallet(target.id, { name: 'Devnet Renamed Wallet' })
    lines = []
    const requestsBefore = registry.requests().length
    const result = await sync()
    assert.deepEqual(result.changed, [target.id])
    assert.deepEqual([result.added, result.removed, result.images], [[], [], 0])
    assert.ok(
      lines.some(line => line === `wallet registry: changed ${target.id}`),
      lines.join('\n')
    )
    assert.ok(
      !registry
        .requests()
        .slice(requestsBefore)
        .some(r => r.path.startsWith('/getWalletImage/')),
      'no image fetched again'
    )
    const after = await rowsOf(store)
    for (const [id, row] of after) {
      if (id === target.id) {
        assert.notEqual(row.hash, before.get(id)!.hash)
        assert.ok(row.updated_at > before.get(id)!.updated_at)
      } else assert.deepEqual(row, before.get(id), `${id} untouched`)
    }
  })

  it('a new image id is fetched and the old image dropped; a reorder is no change', async () => {
    const target = sample.wallets[8]!
    registry.updateWallet(target.id, { image_id: 'new-image-of-8' })
    registry.setImage('new-image-of-8', { contentType: 'image/png', bytes: registryTilePng('eight') })
    // The last wallet moves first: its position changes, its content does not.
    const last = sample.wallets[249]!
    registry.updateWallet(last.id, { order: 0 })
    const before = await rowsOf(store)
    const result = await sync()
    assert.deepEqual(result.changed, [target.id])
    assert.equal(result.images, 1)
    const after = await rowsOf(store)
    assert.equal(after.get(last.id)!.position, 0)
    assert.equal(after.get(last.id)!.updated_at, before.get(last.id)!.updated_at)
    const images = await store.query<{ image_id: string }>('SELECT image_id FROM registry_images WHERE image_id = ANY($1::text[])', [
      [target.image_id, 'new-image-of-8']
    ])
    assert.deepEqual(
      images.rows.map(r => r.image_id),
      ['new-image-of-8']
    )
  })

  it('removes a wallet the registry no longer has, and its image', async () => {
    const gone = sample.wallets[9]!
    registry.removeWallet(gone.id)
    const result = await sync()
    assert.deepEqual(result.removed, [gone.id])
    assert.deepEqual([result.added, result.changed], [[], []])
    assert.equal(result.count, 249)
    assert.equal((await store.query('SELECT 1 FROM registry_wallets WHERE id = $1', [gone.id])).rows.length, 0)
    assert.equal((await store.query('SELECT 1 FROM registry_images WHERE image_id = $1', [gone.image_id])).rows.length, 0)
  })

  it('a failing source keeps the old copy untouched and records the error', async () => {
    const snapshot = await rowsOf(store)
    const success = (await readRegistrySyncState(store))!.lastSuccessAt
    // Something would change if the sync got through.
    registry.updateWallet(sample.wallets[10]!.id, { name: 'Devnet Never Stored Wallet' })
    const cases: Array<[string, () => void, Partial<RegistrySyncOptions>, RegExp]> = [
      ['500', () => registry.fail({ mode: 'down' }), {}, /page 1: HTTP 500: Internal error/],
      ['500 on the last page', () => registry.fail({ mode: 'down', fromPage: 3 }), {}, /page 3: HTTP 500/],
      ['timeout', () => registry.fail({ mode: 'slow', fromPage: 2 }), { timeoutMs: 300 }, /page 2: no complete answer within 300 ms/],
      ['401', () => registry.fail(undefined), { projectId: 'not-a-project' }, /HTTP 401 \(unknown project id\)/],
      ['429', () => registry.fail({ mode: 'rate-limited' }), {}, /HTTP 429 \(rate-limited\)/],
      ['bad JSON', () => registry.fail({ mode: 'bad-json' }), {}, /the answer is not JSON/],
      ['fewer pages than count says', () => registry.fail({ mode: 'short', fromPage: 2 }), {}, /page 2: 0 wallets where 100 were due/],
      ['page too large', () => registry.fail(undefined), { maxPageBytes: 1000 }, /larger than 1000 bytes/],
      ['unreachable', () => registry.fail(undefined), { sourceUrl: 'http://127.0.0.1:9' }, /127\.0\.0\.1:9\/getWallets page 1: /]
    ]
    for (const [name, arrange, options, message] of cases) {
      arrange()
      await assert.rejects(sync(options), (error: Error) => error instanceof RegistrySyncError && message.test(error.message), name)
      assert.deepEqual(await rowsOf(store), snapshot, `${name}: nothing changed`)
      const state = (await readRegistrySyncState(store))!
      assert.match(state.lastError ?? '', message, name)
      assert.deepEqual(state.lastSuccessAt, success, name)
    }
    registry.fail(undefined)
    const result = await sync()
    assert.deepEqual(result.changed, [sample.wallets[10]!.id])
    assert.equal((await readRegistrySyncState(store))!.lastError, null)
  })

  it('drops invalid wallets (logged), skips bad images and keeps their wallets', async () => {
    const evil = { ...registrySampleWallet(300), mobile_link: 'javascript://alert(1)' }
    const thief = { ...registrySampleWallet(301), mobile_link: registrySampleWallet(0).mobile_link }
    const noName = { ...registrySampleWallet(302), name: '' }
    const htmlImage = registrySampleWallet(303)
    const bigImage = registrySampleWallet(304)
    const lying = registrySampleWallet(305)
    registry.addWallet(evil)
    registry.addWallet(thief)
    registry.addWallet(noName)
    registry.addWallet(htmlImage, { contentType: 'text/html', bytes: new TextEncoder().encode('<script>alert(1)</script>') })
    registry.addWallet(bigImage, { contentType: 'image/png', bytes: new Uint8Array(300 * 1024) })
    registry.addWallet(lying, { contentType: 'image/png', bytes: new TextEncoder().encode('<svg><script>alert(1)</script></svg>') })
    lines = []
    const result = await sync()
    assert.deepEqual(result.dropped.map(d => d.id).sort(), [evil.id, thief.id, noName.id].sort())
    assert.match(result.dropped.find(d => d.id === evil.id)!.reason, /mobile_link: javascript/)
    assert.match(result.dropped.find(d => d.id === thief.id)!.reason, /app scheme of wallet/)
    assert.deepEqual(result.added.sort(), [htmlImage.id, bigImage.id, lying.id].sort())
    assert.equal(result.images, 0)
    const log = lines.join('\n')
    assert.match(log, new RegExp(`dropped ${evil.id}`))
    assert.match(log, new RegExp(`image ${htmlImage.image_id} skipped: content type "text/html"`))
    assert.match(log, new RegExp(`image ${bigImage.image_id} skipped: .*larger than 262144 bytes`))
    assert.match(log, new RegExp(`image ${lying.image_id} skipped: the bytes are not image/png`))
    // Tried again next time (still failing here: nothing is stored).
    const again = await sync()
    assert.equal(again.images, 0)
    assert.ok(registry.requests().filter(r => r.path === `/getWalletImage/${htmlImage.image_id}`).length >= 2)
  })

  it('holds a bounded amount of image bytes per sync; the rest come with the next one', async () => {
    const fresh = await openStore({})
    try {
      const run = (maxImagesBytes?: number) =>
        new RegistrySync({ store: fresh, projectId: REGISTRY_STAND_IN_PROJECT, sourceUrl: registry.url, log: line => lines.push(line), maxImagesBytes }).run()
      lines = []
      const first = await run(20_000)
      assert.ok(first.images > 0 && first.images < first.count, `${first.images} of ${first.count}`)
      assert.equal(lines.filter(line => /image budget of one sync reached/.test(line)).length, 1)
      const second = await run()
      const stored = await fresh.query<{ n: number }>('SELECT count(*)::int AS n FROM registry_images')
      assert.equal(stored.rows[0]!.n, first.images + second.images)
      assert.ok(second.images > 0)
    } finally {
      await fresh.close()
    }
  })

  describe('served by a real server', () => {
    let server: WalletModalServer
    before(async () => {
      server = await createServer({ config: offlineConfig() })
    })
    after(async () => server.close())

    it('serves the catalogue until a sync, then the imported wallets and their image bytes', async () => {
      const before = await getJson(urlOf(server.url, '/getWallets', { page: 1, entries: 5 }))
      assert.equal(before.body.data[0].name, 'Devnet Wallet')
      registry.setWallets(sample.wallets, sample.images)
      await new RegistrySync({ store: server.store, projectId: REGISTRY_STAND_IN_PROJECT, sourceUrl: registry.url, log: () => {} }).run()

      const page = await getJson(urlOf(server.url, '/getWallets', { page: 2, entries: 100 }))
      assert.equal(page.status, 200)
      assert.equal(page.body.count, 250)
      assert.deepEqual(
        page.body.data.map((w: { id: string }) => w.id),
        sample.wallets.slice(100, 200).map(w => w.id)
      )
      const wallet = page.body.data[0]
      const expected = sample.wallets[100]!
      assert.equal(wallet.name, expected.name)
      assert.equal(wallet.mobile_link, expected.mobile_link)
      assert.equal(wallet.homepage, expected.homepage)
      assert.deepEqual(wallet.chains, expected.chains)
      assert.deepEqual(wallet.injected, expected.injected ?? [])
      assert.ok(wallet.image_url.startsWith(`${server.url}/getWalletImage/${expected.image_id}?`))
      // The directory's filters work on the imported wallets.
      const searched = await getJson(urlOf(server.url, '/getWallets', { page: 1, entries: 100, search: 'cobalt 3' }))
      assert.deepEqual(
        searched.body.data.map((w: { name: string }) => w.name),
        ['Devnet Cobalt 3 Wallet']
      )
      const solana = await getJson(urlOf(server.url, '/getWallets', { page: 1, entries: 100, chains: 'solana' }))
      assert.ok(solana.body.count > 0 && solana.body.data.every((w: { chains: string[] }) => w.chains.some(c => c.startsWith('solana:'))))
      const included = await getJson(
        urlOf(server.url, '/getWallets', { page: 1, entries: 10, include: `${sample.wallets[3]!.id},${sample.wallets[1]!.id}`, exclude: sample.wallets[3]!.id })
      )
      assert.deepEqual(
        included.body.data.map((w: { id: string }) => w.id),
        [sample.wallets[1]!.id]
      )
      const certified = await getJson(urlOf(server.url, '/getWallets', { page: 1, entries: 100, badge_type: 'certified' }))
      assert.equal(certified.body.count, 50)

      for (const index of [0, 1]) {
        const w = sample.wallets[index]!
        const response = await fetch(urlOf(server.url, `/getWalletImage/${w.image_id}`))
        assert.equal(response.status, 200)
        assert.equal(response.headers.get('content-type'), sample.images.get(w.image_id)!.contentType)
        assert.match(response.headers.get('content-security-policy')!, /default-src 'none'/)
        assert.equal(response.headers.get('x-content-type-options'), 'nosniff')
        assert.deepEqual(Buffer.from(await response.arrayBuffer()), Buffer.from(sample.images.get(w.image_id)!.bytes))
      }
      assert.equal((await fetch(urlOf(server.url, '/getWalletImage/not-a-registry-image'))).status, 404)
    })

    it('draws a tile for a wallet whose image could not be fetched', async () => {
      registry.addWallet(registrySampleWallet(400))
      await new RegistrySync({ store: server.store, projectId: REGISTRY_STAND_IN_PROJECT, sourceUrl: registry.url, log: () => {} }).run()
      const response = await fetch(urlOf(server.url, `/getWalletImage/${registrySampleWallet(400).image_id}`))
      assert.equal(response.status, 200)
      assert.equal(response.headers.get('content-type'), 'image/svg+xml')
      assert.match(await response.text(), /^<svg/)
    })
  })

  describe('refresh while the server runs', () => {
    it('syncs at start when registry.projectId is set, then serves the registry', async () => {
      const small = await startRegistryStandIn()
      const results: unknown[] = []
      const server = await createServer({
        config: { ...offlineConfig(), registry: { projectId: REGISTRY_STAND_IN_PROJECT, sourceUrl: small.url } },
        registryRefresh: { onResult: result => results.push(result), sync: { log: () => {} } }
      })
      try {
        await waitFor(() => results.length > 0, 30_000, 'the first refresh')
        assert.ok(!(results[0] instanceof Error), String(results[0]))
        const page = await getJson(urlOf(server.url, '/getWallets', { page: 1, entries: 100 }))
        assert.equal(page.body.count, 32)
        assert.equal(page.body.data[0].name, 'Devnet Amber Wallet')
      } finally {
        await server.close()
        await small.close()
      }
    })

    it('one claim per period across processes sharing the database; none while fresh', async () => {
      const shared = await openStore({})
      try {
        const config = { projectId: REGISTRY_STAND_IN_PROJECT, sourceUrl: registry.url, refreshHours: 24 }
        const quiet = { sync: { log: () => {} }, onResult: () => {} }
        const [a, b] = [new RegistryRefreshJob(shared, config, quiet), new RegistryRefreshJob(shared, config, quiet)]
        assert.deepEqual(await Promise.all([a.claim(), b.claim()]).then(c => c.sort()), [false, true])
        assert.equal(await a.claim(), false, 'claimed within the retry delay')
        await shared.query("UPDATE registry_sync SET last_attempt_at = now() - interval '2 hours'")
        const ran = await a.runIfDue()
        assert.equal(ran?.count, (await readRegistrySyncState(shared))!.walletCount)
        await shared.query("UPDATE registry_sync SET last_attempt_at = now() - interval '2 hours'")
        assert.equal(await b.claim(), false, 'fresh: synced within refreshHours')
        await Promise.all([a.stop(), b.stop()])
      } finally {
        await shared.close()
      }
    })

    it('stop() aborts a run in progress, which then writes nothing', async () => {
      const held = await startRegistryStandIn()
      held.fail({ mode: 'slow' })
      const shared = await openStore({})
      try {
        const results: Array<unknown> = []
        const job = new RegistryRefreshJob(shared, { projectId: REGISTRY_STAND_IN_PROJECT, sourceUrl: held.url }, { onResult: r => results.push(r) })
        job.start()
        await waitFor(() => held.requests().length > 0, 10_000, 'the first request')
        await job.stop()
        assert.match(String(results[0]), /stopped/)
        assert.equal((await shared.query('SELECT 1 FROM registry_wallets')).rows.length, 0)
      } finally {
        await shared.close()
        await held.close()
      }
    })
  })
})

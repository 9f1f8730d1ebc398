// Storage: data in a PGlite folder survives a restart, and the same server runs on a real
// PostgreSQL server (Debian's package, a throwaway cluster) when one is available.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { createServer, loadWalletCatalogue, MIGRATIONS, type WalletModalServer } from '../internal.js'
import { DEMO_ANALYTICS_READ_TOKEN, demoServerConfig } from '../config/demoServerConfig.js'
import { getJson, postJson, urlOf } from '../__fixtures__/http.js'
import { openStore } from './openStore.js'
import { postgresAvailability, startPostgres, type TestPostgres } from '../__fixtures__/startPostgres.js'

const config = () =>
  demoServerConfig({ chains: [], tokens: { DUSD: '0x5FbDB2315678afecb367f032d93F642f64180aa3', USDT: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512' } })
const event = (eventId: string) => ({
  eventId,
  url: 'http://127.0.0.1:5173/',
  domain: '127.0.0.1',
  timestamp: Date.now(),
  props: { type: 'track', event: 'PERSIST' }
})
const catalogueSize = loadWalletCatalogue().wallets.length

/** What a user of the server would miss after a restart: wallets, events, the request log. */
async function exerciseAndCheck(server: WalletModalServer, eventId: string): Promise<void> {
  const wallets = await getJson(urlOf(server.url, '/getWallets', { page: 1, entries: 5, chains: 'eip155:31337' }))
  assert.deepEqual(
    wallets.body.data.map((w: { name: string }) => w.name),
    ['Devnet Wallet']
  )
  assert.equal((await getJson(urlOf(server.url, '/getWallets', { page: 1, entries: 1 }))).body.count, catalogueSize)
  assert.equal((await getJson(urlOf(server.url, '/getWallets', { page: 1, entries: 40, search: 'sample wallet 1' }))).body.count, 100)
  assert.equal((await postJson(urlOf(server.url, '/e'), event(eventId))).status, 202)
  const identity = await getJson(urlOf(server.url, '/v1/identity/0x70997970C51812dc3A010C7d01b50e0d17dc79C8'))
  assert.equal(identity.body.name, 'devnet-wallet.reown.id')
}

async function storedEventIds(server: WalletModalServer): Promise<string[]> {
  return (await getJson(urlOf(server.url, '/e', { event: 'PERSIST' }), { headers: { authorization: `Bearer ${DEMO_ANALYTICS_READ_TOKEN}` } })).body.events.map(
    (e: { eventId: string }) => e.eventId
  )
}

describe('PGlite memory', () => {
  it('runs with small buffers: the defaults are sized for a database machine, not one Node process', async () => {
    const store = await openStore({})
    try {
      const { rows } = await store.query<{ shared_buffers: string }>('SHOW shared_buffers')
      assert.deepEqual(rows, [{ shared_buffers: '8MB' }])
    } finally {
      await store.close()
    }
  })
})

describe('PGlite data folder', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wm-server-data-'))
  after(() => rmSync(dir, { recursive: true, force: true }))

  it('keeps events, wallets and the request log across a restart, migrating once', async () => {
    const first = await createServer({ config: config(), dataDir: dir })
    try {
      assert.equal(first.store.kind, 'pglite')
      await exerciseAndCheck(first, 'before-restart')
    } finally {
      await first.close()
    }
    const second = await createServer({ config: config(), dataDir: dir })
    try {
      assert.deepEqual(await storedEventIds(second), ['before-restart'])
      assert.deepEqual(await second.store.migrate(), [], 'nothing left to migrate')
      const applied = await second.store.query<{ id: number }>('SELECT id FROM schema_migrations ORDER BY id')
      assert.deepEqual(
        applied.rows.map(r => r.id),
        MIGRATIONS.map(m => m.id)
      )
      // The first run's log was flushed on close.
      const logged = await second.store.query<{ n: number }>(`SELECT count(*)::int AS n FROM request_log WHERE path = '/e'`)
      assert.ok(logged.rows[0]!.n >= 1)
      await exerciseAndCheck(second, 'after-restart')
      assert.deepEqual(await storedEventIds(second), ['after-restart', 'before-restart'])
    } finally {
      await second.close()
    }
  })
})

const postgres = postgresAvailability()
if (!postgres.ok) console.log(`# PostgreSQL tests skipped: ${postgres.reason}`)

describe('PostgreSQL server (DATABASE_URL)', { skip: postgres.ok ? false : `skipped: ${postgres.reason}` }, () => {
  let cluster: TestPostgres
  before(async () => {
    if (postgres.ok) cluster = await startPostgres(postgres.bin)
  })
  after(async () => {
    await cluster?.stop()
  })

  it('serves the same API from PostgreSQL and keeps data across a restart', async () => {
    const first = await createServer({ config: config(), databaseUrl: cluster.url })
    try {
      assert.equal(first.store.kind, 'postgres')
      await exerciseAndCheck(first, 'pg-1')
    } finally {
      await first.close()
    }
    const second = await createServer({ config: config(), databaseUrl: cluster.url })
    try {
      assert.deepEqual(await storedEventIds(second), ['pg-1'])
      assert.deepEqual(await second.store.migrate(), [])
      await exerciseAndCheck(second, 'pg-2')
      assert.deepEqual(await storedEventIds(second), ['pg-2', 'pg-1'])
    } finally {
      await second.close()
    }
  })

  it('lets two servers start on one new database at once (migrations take turns)', async () => {
    const admin = new pg.Client({ connectionString: cluster.url })
    await admin.connect()
    await admin.query('CREATE DATABASE racing')
    await admin.end()
    const url = cluster.url.replace(/\/postgres$/, '/racing')
    const started = await Promise.allSettled([createServer({ config: config(), databaseUrl: url }), createServer({ config: config(), databaseUrl: url })])
    const servers = started.flatMap(s => (s.status === 'fulfilled' ? [s.value] : []))
    try {
      for (const s of started) if (s.status === 'rejected') throw s.reason
      for (const server of servers) assert.equal((await getJson(urlOf(server.url, '/getWallets', { page: 1, entries: 1 }))).body.count, catalogueSize)
    } finally {
      await Promise.all(servers.map(s => s.close()))
    }
  })

  it('fails to start, closing what it opened, when the server is unreachable', async () => {
    const closedPort = cluster.url.replace(/:\d+\//, ':1/')
    await assert.rejects(createServer({ config: config(), databaseUrl: closedPort }), /ECONNREFUSED|connect/)
  })
})

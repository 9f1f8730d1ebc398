// The relay's bounds: sockets in all and per client address, topics per socket, publishes per
// second, and browsers from pages the project does not list. Each refusal leaves others served.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { createHash, randomBytes } from 'node:crypto'
import WebSocket from 'ws'
import { RELAY_REFUSALS } from '@wallet-modal/wire'
import { createServer, type WalletModalServer } from '../internal.js'
import { demoServerConfig } from '../config/demoServerConfig.js'
import { waitFor } from '../__fixtures__/http.js'
import { connectRelayClient, type RelayClient } from '../__fixtures__/relayClient.js'
import { CLOSE_TRY_AGAIN_LATER } from './RelayHub.js'
import { CLOSE_UNKNOWN_PROJECT } from './relayRoutes.js'

const topic = () => createHash('sha256').update(randomBytes(16)).digest('hex')

/** Opens a raw socket and resolves with how the server closed it. */
function closeOf(url: string, headers: Record<string, string> = {}): Promise<{ code: number; reason: string }> {
  const socket = new WebSocket(url, { headers })
  return new Promise(resolve => socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })))
}

describe('relay caps', () => {
  let server: WalletModalServer
  // The publish rate's clock stands still unless a test moves it.
  let clock = 1_000_000
  const clients: RelayClient[] = []
  before(async () => {
    const config = demoServerConfig({
      chains: [],
      tokens: { DUSD: '0x5FbDB2315678afecb367f032d93F642f64180aa3', USDT: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512' }
    })
    config.history = { enabled: false }
    // Behind one proxy hop, so tests name their clients in X-Forwarded-For.
    server = await createServer({
      config,
      trustProxy: 1,
      relay: { maxConnections: 6, maxConnectionsPerClient: 2, maxSubscriptionsPerConnection: 3, publishesPerSecond: 5, now: () => clock }
    })
  })
  after(async () => {
    await Promise.all(clients.splice(0).map(c => c.close()))
    await server?.close()
  })
  const connect = async (client: string) => {
    const c = await connectRelayClient(server.relayUrl!, { projectId: 'demo' }, { 'x-forwarded-for': client })
    clients.push(c)
    return c
  }

  it('closes a third socket from one address with 1013, and still takes another address', async () => {
    const first = await connect('198.51.100.1')
    await connect('198.51.100.1')
    const refused = await closeOf(`${server.relayUrl}?projectId=demo`, { 'x-forwarded-for': '198.51.100.1' })
    assert.deepEqual(refused, { code: CLOSE_TRY_AGAIN_LATER, reason: 'Too many connections from this address' })
    const other = await connect('198.51.100.2')
    assert.equal(typeof (await other.request('irn_subscribe', { topic: topic() })), 'string')
    // A socket that leaves makes room for its address again.
    const open = server.relay!.connectionCount
    await first.close()
    clients.splice(clients.indexOf(first), 1)
    await waitFor(() => server.relay!.connectionCount === open - 1, 5000, 'the server to drop the socket')
    const again = await connect('198.51.100.1')
    assert.equal(typeof (await again.request('irn_subscribe', { topic: topic() })), 'string')
  })

  it('closes sockets past the global cap with 1013', async () => {
    while (server.relay!.connectionCount < 6) await connect(`198.51.100.${10 + server.relay!.connectionCount}`)
    assert.deepEqual(await closeOf(`${server.relayUrl}?projectId=demo`, { 'x-forwarded-for': '198.51.100.99' }), {
      code: CLOSE_TRY_AGAIN_LATER,
      reason: 'Too many connections'
    })
    await Promise.all(clients.splice(0).map(c => c.close()))
    await waitFor(() => server.relay!.connectionCount === 0, 5000, 'the server to drop the sockets')
  })

  it('refuses a fourth topic on one socket, and a sixth publish within a second', async () => {
    const c = await connect('198.51.100.30')
    for (let i = 0; i < 3; i++) await c.request('irn_subscribe', { topic: topic() })
    await assert.rejects(c.request('irn_subscribe', { topic: topic() }), /at most 3 topics/)
    const t = topic()
    const outcomes = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => c.request('irn_publish', { topic: t, message: `m${i}`, ttl: 300, tag: 1 })))
    assert.deepEqual(
      outcomes.map(o => o.status),
      ['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled', 'rejected']
    )
    assert.match(
      String((outcomes[5] as PromiseRejectedResult).reason?.message ?? (outcomes[5] as PromiseRejectedResult).reason),
      /Too many publishes: at most 5 a second/
    )
    clock += 200
    assert.equal(await c.request('irn_publish', { topic: t, message: 'later', ttl: 300, tag: 1 }), true, 'a fifth of a second buys one more')
    await assert.rejects(c.request('irn_publish', { topic: t, message: 'too soon', ttl: 300, tag: 1 }), /Too many publishes/)
  })

  it('refuses a browser socket from a page the project does not list, and takes its own pages and non-browsers', async () => {
    assert.deepEqual(await closeOf(`${server.relayUrl}?projectId=demo`, { origin: 'https://evil.example', 'x-forwarded-for': '198.51.100.40' }), {
      code: CLOSE_UNKNOWN_PROJECT,
      reason: RELAY_REFUSALS.originNotAllowed
    })
    const own = await connectRelayClient(server.relayUrl!, { projectId: 'demo' }, { origin: 'http://127.0.0.1:5173', 'x-forwarded-for': '198.51.100.41' })
    clients.push(own)
    assert.equal(typeof (await own.request('irn_subscribe', { topic: topic() })), 'string')
  })
})

describe('relay storage bounds', () => {
  const servers: WalletModalServer[] = []
  const clients: RelayClient[] = []
  after(async () => {
    await Promise.all(clients.splice(0).map(c => c.close()))
    await Promise.all(servers.map(s => s.close()))
  })
  const start = async (relay: Parameters<typeof createServer>[0]['relay']) => {
    const config = demoServerConfig({
      chains: [],
      tokens: { DUSD: '0x5FbDB2315678afecb367f032d93F642f64180aa3', USDT: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512' }
    })
    config.history = { enabled: false }
    config.projects.push({ id: 'second', allowedOrigins: [] })
    // Behind one proxy hop: a test names a client's address in X-Forwarded-For (else 127.0.0.1).
    const server = await createServer({ config, relay, trustProxy: 1 })
    servers.push(server)
    return server
  }
  const connect = async (server: WalletModalServer, projectId = 'demo', address?: string) => {
    const c = await connectRelayClient(server.relayUrl!, { projectId }, address ? { 'x-forwarded-for': address } : {})
    clients.push(c)
    return c
  }
  const kb = (label: string) => label.padEnd(1000, '.')

  it('keeps the newest messages of a topic within its byte bound, and records the project and size of each', async () => {
    const server = await start({ maxBytesPerTopic: 3000 })
    const sender = await connect(server)
    const t = topic()
    for (let i = 1; i <= 5; i++) await sender.request('irn_publish', { topic: t, message: kb(`m${i}`), ttl: 300, tag: 1 })
    const { rows } = await server.store.query<{ project_id: string; bytes: number }>('SELECT project_id, bytes FROM relay_messages WHERE topic = $1', [t])
    assert.deepEqual(
      rows,
      [1, 2, 3].map(() => ({ project_id: 'demo', bytes: 1000 }))
    )
    const receiver = await connect(server)
    await receiver.request('irn_subscribe', { topic: t })
    assert.deepEqual(
      (await receiver.waitForPushes(3)).map(p => p.message.slice(0, 2)),
      ['m3', 'm4', 'm5']
    )
  })

  it("attack: one client fills the project's storage", async () => {
    const server = await start({ maxStoredBytesPerProject: 5000, maxStoredBytesPerClient: 3000 })
    const from = (address: string) => connect(server, 'demo', address)
    const flooder = await from('198.51.100.60')
    // Before: the sixth publish found the project's 5000 bytes full, and so did everyone after it.
    const flood = Array.from({ length: 10 }, () => topic())
    for (const [i, t] of flood.entries()) assert.equal(await flooder.request('irn_publish', { topic: t, message: kb(`f${i}`), ttl: 30 * 86400, tag: 1 }), true)

    const dapp = await from('198.51.100.61')
    const wallet = await from('203.0.113.7')
    const t = topic()
    assert.equal(await dapp.request('irn_publish', { topic: t, message: kb('proposal'), ttl: 300, tag: 1100 }), true)
    await wallet.request('irn_subscribe', { topic: t })
    assert.deepEqual(
      (await wallet.waitForPushes(1)).map(p => p.message.slice(0, 8)),
      ['proposal']
    )

    // The flooder kept its quota of its newest messages: its oldest went, nobody else's.
    const { rows } = await server.store.query<{ message: string }>('SELECT message FROM relay_messages WHERE topic = ANY($1::text[]) ORDER BY id', [flood])
    assert.deepEqual(
      rows.map(r => r.message.slice(0, 2)),
      ['f7', 'f8', 'f9']
    )
    const victims = await server.store.query<{ n: number }>('SELECT count(*)::int AS n FROM relay_messages WHERE topic = $1', [t])
    assert.equal(victims.rows[0]!.n, 1)
    // And flooding on does not change that.
    assert.equal(await flooder.request('irn_publish', { topic: topic(), message: kb('f10'), ttl: 300, tag: 1 }), true)
    assert.equal(await dapp.request('irn_publish', { topic: t, message: kb('request'), ttl: 300, tag: 1108 }), true)
    assert.deepEqual(
      (await wallet.waitForPushes(2)).map(p => p.message.slice(0, 7)),
      ['proposa', 'request']
    )
  })

  it("refuses publishes past a project's share and past the relay's total, and takes them again once messages expire", async () => {
    const server = await start({ maxStoredBytesPerProject: 5000, maxStoredBytes: 8000, usageIntervalMs: 50, pruneIntervalMs: 50 })
    const demo = await connect(server, 'demo')
    // Short-lived: they make room again when they expire.
    for (let i = 0; i < 5; i++) await demo.request('irn_publish', { topic: topic(), message: kb(`d${i}`), ttl: 1, tag: 1 })
    // Full because of several clients (the first alone would lose its own oldest message instead).
    const otherDemo = await connect(server, 'demo', '198.51.100.70')
    await assert.rejects(
      otherDemo.request('irn_publish', { topic: topic(), message: kb('d5'), ttl: 300, tag: 1 }),
      /This project's relay storage is full: try again later/
    )

    const second = await connect(server, 'second')
    for (let i = 0; i < 3; i++) await second.request('irn_publish', { topic: topic(), message: kb(`s${i}`), ttl: 300, tag: 1 })
    await assert.rejects(
      second.request('irn_publish', { topic: topic(), message: kb('s3'), ttl: 300, tag: 1 }),
      /^Error: Relay storage is full: try again later$/
    )
    // Subscribing and reading still work while storage is full.
    const t = topic()
    assert.equal(typeof (await demo.request('irn_subscribe', { topic: t })), 'string')

    await waitFor(() => server.relay!.storedBytes === 3000, 10_000, "demo's messages to expire and the usage to be measured again")
    assert.equal(await demo.request('irn_publish', { topic: t, message: kb('after'), ttl: 300, tag: 1 }), true)
  })
})

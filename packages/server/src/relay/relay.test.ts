// The WalletConnect relay's protocol, with bare JSON-RPC clients over real sockets: delivery to
// later subscribers and never to the sender, malformed frames, project check, limits, expiry,
// heartbeat, persistence across a restart, and the server without a relay.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import WebSocket from 'ws'
import { RELAY_REFUSALS } from '@wallet-modal/wire'
import { createServer, type WalletModalServer } from '../internal.js'
import { demoServerConfig } from '../config/demoServerConfig.js'
import { connectRelayClient, signedAuth, relayIdentity, type RelayClient } from '../__fixtures__/relayClient.js'
import { waitFor } from '../__fixtures__/http.js'
import { postgresAvailability, startPostgres, type TestPostgres } from '../__fixtures__/startPostgres.js'

const config = () =>
  demoServerConfig({ chains: [], tokens: { DUSD: '0x5FbDB2315678afecb367f032d93F642f64180aa3', USDT: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512' } })
/** The client id the named test identity proves with its signed auth token. */
const idOf = (name: string) => relayIdentity(name).clientId
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
let topicCounter = 0
/** A topic no other test uses (64 hex digits, like the sign-client's). */
const newTopic = () => sha256(`topic-${process.pid}-${++topicCounter}-${Math.random()}`)
/**
 * A round trip on the client's own socket, after which every push due to it so far has arrived:
 * the relay runs a socket's requests one after the other, each with the stored messages its
 * subscribe hands over, and pushes a live message to its subscribers before it acknowledges the
 * publish. So "nothing more came" is checked at this sync point instead of after a pause.
 */
const settled = (client: RelayClient) => client.request('irn_unsubscribe', { topic: newTopic() })
/**
 * Lets the TTL of a topic's stored messages (those with `message`, else all) run out, as its
 * seconds passing would: the relay compares the stored expiry with the database's clock. Checks
 * first that the expiry was stored as the publish's TTL (1 s in these tests).
 */
async function expireStored(on: WalletModalServer, topic: string, message?: string): Promise<void> {
  const where = 'topic = $1 AND ($2::text IS NULL OR message = $2)'
  const ttl = await on.store.query<{ s: number }>(`SELECT extract(epoch FROM expires_at - published_at)::float8 AS s FROM relay_messages WHERE ${where}`, [
    topic,
    message ?? null
  ])
  assert.deepEqual(
    ttl.rows.map(r => r.s),
    [1]
  )
  await on.store.query(`UPDATE relay_messages SET expires_at = now() - interval '1 second' WHERE ${where}`, [topic, message ?? null])
}

describe('relay protocol', () => {
  let server: WalletModalServer
  const clients: RelayClient[] = []
  const connect = async (query: Record<string, string | undefined> = {}) => {
    const client = await connectRelayClient(server.relayUrl!, query)
    clients.push(client)
    return client
  }

  before(async () => {
    server = await createServer({ config: config(), relay: { maxMessagesPerTopic: 5, pruneIntervalMs: 200 } })
  })
  after(async () => {
    await Promise.all(clients.map(c => c.close()))
    await server?.close()
  })

  it('serves the relay at /relay and at the bare URL the sign-client builds from a path-less relayUrl', async () => {
    assert.match(server.relayUrl!, /^ws:\/\/127\.0\.0\.1:\d+\/relay$/)
    const bare = await connectRelayClient(server.url.replace(/^http/, 'ws'), { projectId: 'demo', ua: 'wc-2/js-2.25.0/test' })
    clients.push(bare)
    const topic = newTopic()
    assert.equal(typeof (await bare.request('irn_subscribe', { topic })), 'string')
    // Plain HTTP on the relay paths says what to do instead.
    const plain = await fetch(`${server.url}/relay?projectId=demo`)
    assert.equal(plain.status, 426)
    assert.equal((await fetch(`${server.url}/`)).status, 404)
  })

  it('delivers stored messages to later subscribers, live ones to current subscribers, never to their sender', async () => {
    const topic = newTopic()
    const alice = await connect({ auth: signedAuth('alice') })
    // Subscription ids are the sign-client's own: sha256(topic + clientId), clientId = JWT iss.
    assert.equal(await alice.request('irn_subscribe', { topic }), sha256(topic + idOf('alice')))
    assert.equal(await alice.request('irn_publish', { topic, message: 'from-alice', ttl: 300, tag: 1100, prompt: true }), true)

    const bob = await connect({ auth: signedAuth('bob') })
    assert.equal(await bob.request('irn_subscribe', { topic }), sha256(topic + idOf('bob')))
    const [stored] = await bob.waitForPushes(1)
    assert.equal(stored!.topic, topic)
    assert.equal(stored!.message, 'from-alice')
    assert.equal(stored!.tag, 1100)
    assert.equal(stored!.subscriptionId, sha256(topic + idOf('bob')))
    assert.ok(Math.abs(stored!.publishedAt - Date.now()) < 10_000, 'publishedAt is a time in ms')

    assert.equal(await bob.request('irn_publish', { topic, message: 'from-bob', ttl: 300, tag: 1102 }), true)
    const [live] = await alice.waitForPushes(1)
    assert.equal(live!.message, 'from-bob')

    // Alice comes back on a new socket: she gets Bob's message again, never her own.
    const aliceAgain = await connect({ auth: signedAuth('alice') })
    assert.deepEqual(await aliceAgain.request('irn_batchSubscribe', { topics: [topic] }), [sha256(topic + idOf('alice'))])
    await aliceAgain.waitForPushes(1)
    await settled(aliceAgain)
    // Alice's and Bob's own echoes would have come before their publishes were acknowledged.
    await Promise.all([settled(alice), settled(bob)])
    assert.deepEqual(
      aliceAgain.pushes.map(p => p.message),
      ['from-bob']
    )
    assert.deepEqual(
      alice.pushes.map(p => p.message),
      ['from-bob'],
      'no echo to the sender'
    )
    assert.deepEqual(
      bob.pushes.map(p => p.message),
      ['from-alice'],
      'no echo to the sender'
    )
  })

  it('gives anonymous sockets their own id, so two of them still exchange messages', async () => {
    const topic = newTopic()
    const one = await connect()
    const two = await connect()
    const id = await one.request<string>('irn_subscribe', { topic })
    assert.match(id, /^[0-9a-f]{64}$/)
    await two.request('irn_publish', { topic, message: 'anonymous', ttl: 60 })
    assert.equal((await one.waitForPushes(1))[0]!.message, 'anonymous')
    assert.equal(two.pushes.length, 0)
  })

  it('stores and delivers a retried publish once', async () => {
    const topic = newTopic()
    const sender = await connect()
    const receiver = await connect()
    await receiver.request('irn_subscribe', { topic })
    await sender.request('irn_publish', { topic, message: 'same', ttl: 60 })
    await sender.request('irn_publish', { topic, message: 'same', ttl: 60 })
    await sender.request('irn_publish', { topic, message: 'other', ttl: 60 })
    await receiver.waitForPushes(2)
    await settled(receiver)
    assert.deepEqual(
      receiver.pushes.map(p => p.message),
      ['same', 'other']
    )
    const rows = await server.store.query<{ n: number }>('SELECT count(*)::int AS n FROM relay_messages WHERE topic = $1', [topic])
    assert.equal(rows.rows[0]!.n, 2)
  })

  it('unsubscribes (one or a batch), fetches stored messages on request, and keeps at most the per-topic limit', async () => {
    const [t1, t2] = [newTopic(), newTopic()]
    const sender = await connect()
    const receiver = await connect({ auth: signedAuth('receiver') })
    assert.deepEqual(await receiver.request('irn_batchSubscribe', { topics: [t1, t2] }), [sha256(t1 + idOf('receiver')), sha256(t2 + idOf('receiver'))])
    assert.equal(await receiver.request('irn_unsubscribe', { topic: t1, id: sha256(t1 + idOf('receiver')) }), true)
    await sender.request('irn_publish', { topic: t1, message: 't1-after-unsubscribe', ttl: 60 })
    await sender.request('irn_publish', { topic: t2, message: 't2-live', ttl: 60 })
    await receiver.waitForPushes(1)
    assert.equal(await receiver.request('irn_batchUnsubscribe', { subscriptions: [{ topic: t2, id: sha256(t2 + idOf('receiver')) }] }), true)
    await sender.request('irn_publish', { topic: t2, message: 't2-after-unsubscribe', ttl: 60 })
    await settled(receiver)
    assert.deepEqual(
      receiver.pushes.map(p => p.message),
      ['t2-live']
    )

    const fetched = await receiver.request<{ messages: { topic: string; message: string; tag: number; publishedAt: number }[]; hasMore: boolean }>(
      'irn_batchFetchMessages',
      { topics: [t1, t2] }
    )
    assert.deepEqual(
      fetched.messages.map(m => m.message),
      ['t1-after-unsubscribe', 't2-live', 't2-after-unsubscribe']
    )
    assert.equal(fetched.hasMore, false)

    // This server keeps 5 per topic: the 3 oldest of 8 are dropped.
    const busy = newTopic()
    for (let i = 1; i <= 8; i++) await sender.request('irn_publish', { topic: busy, message: `m${i}`, ttl: 60 })
    const late = await connect()
    await late.request('irn_subscribe', { topic: busy })
    await late.waitForPushes(5)
    await settled(late)
    assert.deepEqual(
      late.pushes.map(p => p.message),
      ['m4', 'm5', 'm6', 'm7', 'm8']
    )
  })

  it('accepts batch publishes whole or not at all', async () => {
    const topic = newTopic()
    const sender = await connect()
    const receiver = await connect()
    await receiver.request('irn_subscribe', { topic })
    await assert.rejects(
      sender.request('irn_batchPublish', {
        messages: [
          { topic, message: 'ok', ttl: 60 },
          { topic, message: 'bad' }
        ]
      }),
      { code: -32602 }
    )
    assert.equal(
      await sender.request('irn_batchPublish', {
        messages: [
          { topic, message: 'b1', ttl: 60 },
          { topic, message: 'b2', ttl: 60 }
        ]
      }),
      true
    )
    await receiver.waitForPushes(2)
    assert.deepEqual(
      receiver.pushes.map(p => p.message),
      ['b1', 'b2']
    )
  })

  it('does not deliver expired messages and deletes them', async () => {
    const topic = newTopic()
    const sender = await connect()
    await sender.request('irn_publish', { topic, message: 'short-lived', ttl: 1 })
    await expireStored(server, topic)
    const late = await connect()
    await late.request('irn_subscribe', { topic })
    await settled(late)
    assert.equal(late.pushes.length, 0)
    // Deleted by the periodic sweep (every 200 ms on this server).
    await waitFor(
      async () => (await server.store.query<{ n: number }>('SELECT count(*)::int AS n FROM relay_messages WHERE topic = $1', [topic])).rows[0]!.n === 0,
      3000,
      'expired row deleted'
    )
  })

  it('answers malformed frames with JSON-RPC errors and keeps the connection and the server working', async () => {
    const client = await connect()
    const expectError = async (frame: string | Buffer, code: number, id: string | number | null = null) => {
      const answer = await client.raw(frame, id)
      assert.equal(answer.error?.code, code, `${String(frame).slice(0, 60)} -> ${JSON.stringify(answer)}`)
    }
    await expectError('not json', -32700)
    await expectError('{"jsonrpc":"2.0",', -32700)
    await expectError('[]', -32600)
    await expectError('[{"id":1,"jsonrpc":"2.0","method":"irn_subscribe"}]', -32600)
    await expectError('null', -32600)
    await expectError('42', -32600)
    await expectError('"text"', -32600)
    await expectError(JSON.stringify({ id: 7, method: 'irn_subscribe', params: { topic: 'x' } }), -32600, 7)
    await expectError(JSON.stringify({ id: 8, jsonrpc: '2.0' }), -32600, 8)
    await expectError(JSON.stringify({ id: 9, jsonrpc: '2.0', method: 42 }), -32600, 9)
    await expectError(JSON.stringify({ jsonrpc: '2.0', method: 'irn_subscribe', params: { topic: 'x' } }), -32600)
    await expectError(JSON.stringify({ id: { nested: true }, jsonrpc: '2.0', method: 'irn_subscribe' }), -32600)
    await expectError(JSON.stringify({ id: 10, jsonrpc: '2.0', method: 'eth_sendTransaction', params: [] }), -32601, 10)
    await expectError(JSON.stringify({ id: 11, jsonrpc: '2.0', method: 'irn_subscribe' }), -32602, 11)
    await expectError(JSON.stringify({ id: 12, jsonrpc: '2.0', method: 'irn_subscribe', params: { topic: '' } }), -32602, 12)
    await expectError(JSON.stringify({ id: 13, jsonrpc: '2.0', method: 'irn_subscribe', params: { topic: 'x'.repeat(300) } }), -32602, 13)
    await expectError(JSON.stringify({ id: 14, jsonrpc: '2.0', method: 'irn_publish', params: { topic: 'x', message: 'm' } }), -32602, 14)
    await expectError(JSON.stringify({ id: 15, jsonrpc: '2.0', method: 'irn_publish', params: { topic: 'x', message: 'm', ttl: -5 } }), -32602, 15)
    await expectError(JSON.stringify({ id: 16, jsonrpc: '2.0', method: 'irn_publish', params: { topic: 'x', message: 'm', ttl: 60, tag: 'a' } }), -32602, 16)
    await expectError(JSON.stringify({ id: 17, jsonrpc: '2.0', method: 'irn_batchSubscribe', params: { topics: [] } }), -32602, 17)
    await expectError(JSON.stringify({ id: 18, jsonrpc: '2.0', method: 'irn_batchSubscribe', params: { topics: 'x' } }), -32602, 18)
    await expectError(JSON.stringify({ id: 19, jsonrpc: '2.0', method: 'wc_approveSession', params: { sessionTopic: 'x' } }), -32602, 19)
    await expectError(JSON.stringify({ id: 20, jsonrpc: '2.0', method: 'irn_publish', params: 'x' }), -32602, 20)
    // Over 64 KB: refused unread, id unknown.
    await expectError(JSON.stringify({ id: 21, jsonrpc: '2.0', method: 'irn_publish', params: { topic: 'x', message: 'm'.repeat(70_000), ttl: 60 } }), -32600)
    await expectError(Buffer.from([0xff, 0xfe, 0x00]), -32700)
    // Acknowledgements (responses) are taken silently.
    client.socket.send(JSON.stringify({ id: 123, jsonrpc: '2.0', result: true }))
    client.socket.send(JSON.stringify({ id: 124, jsonrpc: '2.0', error: { code: 1, message: 'x' } }))

    // The connection still works, and so does the rest of the server.
    const topic = newTopic()
    assert.equal(typeof (await client.request('irn_subscribe', { topic })), 'string')
    assert.equal(client.socket.readyState, WebSocket.OPEN)
    assert.equal((await fetch(`${server.url}/getAnalyticsConfig?projectId=demo&st=t&sv=t`)).status, 200)

    // Beyond 1 MiB the socket itself is closed (1009), and only that socket.
    const hog = await connect()
    hog.socket.send('x'.repeat(1024 * 1024 + 1))
    assert.equal((await hog.closed).code, 1009)
    assert.equal(typeof (await client.request('irn_subscribe', { topic: newTopic() })), 'string')
  })

  it('refuses unknown or missing projects with close code 3000', async () => {
    const unknown = await connectRelayClient(server.relayUrl!, { projectId: 'no-such-project' })
    assert.deepEqual(await unknown.closed, { code: 3000, reason: RELAY_REFUSALS.projectNotFound })
    // An explicit undefined leaves the parameter out.
    const missing = await connectRelayClient(server.relayUrl!, { projectId: undefined, auth: signedAuth('x') })
    assert.deepEqual(await missing.closed, { code: 3000, reason: RELAY_REFUSALS.projectMissing })
  })

  it("closes a socket whose auth token does not verify (3000, final), so nobody takes another client's id", async () => {
    const alice = relayIdentity('alice')
    const forged = await connectRelayClient(server.relayUrl!, { auth: relayIdentity('mallory', { iss: alice.clientId }).auth })
    assert.deepEqual(await forged.closed, { code: 3000, reason: `${RELAY_REFUSALS.invalidKey} (bad signature)` })
    const expired = await connectRelayClient(server.relayUrl!, { auth: relayIdentity('alice', { exp: 1 }).auth })
    assert.deepEqual(await expired.closed, { code: 3000, reason: `${RELAY_REFUSALS.invalidKey} (expired)` })
    // The genuine key still gets in, and so does a client with no token (a random id).
    const genuine = await connect({ auth: alice.auth })
    const topic = newTopic()
    assert.equal(await genuine.request('irn_subscribe', { topic }), sha256(topic + alice.clientId))
    const anonymous = await connect()
    assert.equal(typeof (await anonymous.request('irn_subscribe', { topic })), 'string')
  })

  it('drops sockets that stop answering pings and forgets their subscriptions', async () => {
    // 300 ms: long enough that a loaded machine's event-loop stall does not outlast a healthy pong.
    const quick = await createServer({ config: config(), relay: { heartbeatMs: 300 } })
    try {
      const url = new URL(quick.relayUrl!)
      url.searchParams.set('projectId', 'demo')
      // autoPong off: this client is "gone" without closing its socket.
      // (ws 8 option; the @types/ws in this tree describes ws 7.)
      const silent = new WebSocket(url, { autoPong: false } as WebSocket.ClientOptions)
      await new Promise(resolve => silent.once('open', resolve))
      const closed = new Promise<number>(resolve => silent.once('close', code => resolve(code)))
      silent.send(JSON.stringify({ id: 1, jsonrpc: '2.0', method: 'irn_subscribe', params: { topic: newTopic() } }))
      await waitFor(() => quick.relay!.topicCount === 1, 2000, 'subscription')
      // A client that answers pings stays.
      const healthy = await connectRelayClient(quick.relayUrl!)
      let pings = 0
      healthy.socket.on('ping', () => pings++)
      assert.equal(await closed, 1006)
      await waitFor(() => quick.relay!.connectionCount === 1 && quick.relay!.topicCount === 0, 5000, 'cleanup')
      // Three pings received means the relay found the previous two answered: it keeps a client
      // that answers (ws answers pings by itself), heartbeat after heartbeat.
      await waitFor(() => pings >= 3, 5000, 'three heartbeats')
      assert.equal(healthy.socket.readyState, WebSocket.OPEN)
      await healthy.close()
      await waitFor(() => quick.relay!.connectionCount === 0, 2000, 'close cleanup')
    } finally {
      await quick.close()
    }
  })

  it('closes client sockets with 1001 when the server stops', async () => {
    const stopping = await createServer({ config: config() })
    const client = await connectRelayClient(stopping.relayUrl!)
    await client.request('irn_subscribe', { topic: newTopic() })
    await stopping.close()
    assert.equal((await client.closed).code, 1001)
  })
})

describe('relay persistence', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wm-relay-data-'))
  after(() => rmSync(dir, { recursive: true, force: true }))

  it('keeps unexpired messages across a server restart, and deletes expired ones at start', async () => {
    const topic = newTopic()
    const first = await createServer({ config: config(), dataDir: dir })
    try {
      const sender = await connectRelayClient(first.relayUrl!, { auth: signedAuth('sender') })
      await sender.request('irn_publish', { topic, message: 'survives', ttl: 3600, tag: 1108 })
      await sender.request('irn_publish', { topic, message: 'expires', ttl: 1 })
      await sender.close()
      // Its second passes while the server is down.
      await expireStored(first, topic, 'expires')
    } finally {
      await first.close()
    }
    const second = await createServer({ config: config(), dataDir: dir })
    try {
      const rows = await second.store.query<{ message: string }>('SELECT message FROM relay_messages WHERE topic = $1', [topic])
      assert.deepEqual(
        rows.rows.map(r => r.message),
        ['survives'],
        'expired row deleted at start'
      )
      // The sender itself does not get its message back after the restart; someone else does.
      const sender = await connectRelayClient(second.relayUrl!, { auth: signedAuth('sender') })
      const receiver = await connectRelayClient(second.relayUrl!, { auth: signedAuth('receiver') })
      await sender.request('irn_subscribe', { topic })
      await receiver.request('irn_subscribe', { topic })
      const [push] = await receiver.waitForPushes(1)
      assert.equal(push!.message, 'survives')
      assert.equal(push!.tag, 1108)
      await settled(sender)
      assert.equal(sender.pushes.length, 0)
      await Promise.all([sender.close(), receiver.close()])
    } finally {
      await second.close()
    }
  })
})

const postgres = postgresAvailability()

describe('relay on a PostgreSQL server', { skip: postgres.ok ? false : `skipped: ${postgres.reason}` }, () => {
  let cluster: TestPostgres
  before(async () => {
    if (postgres.ok) cluster = await startPostgres(postgres.bin)
  })
  after(async () => {
    await cluster?.stop()
  })

  it('stores, bounds and delivers messages the same way', async () => {
    const topic = newTopic()
    const first = await createServer({ config: config(), databaseUrl: cluster.url, relay: { maxMessagesPerTopic: 3 } })
    try {
      const sender = await connectRelayClient(first.relayUrl!, { auth: signedAuth('pg-sender') })
      for (let i = 1; i <= 5; i++) await sender.request('irn_publish', { topic, message: `pg-${i}`, ttl: 600, tag: 1108 })
      await sender.request('irn_publish', { topic, message: 'pg-5', ttl: 600, tag: 1108 })
      await sender.close()
    } finally {
      await first.close()
    }
    const second = await createServer({ config: config(), databaseUrl: cluster.url, relay: { maxMessagesPerTopic: 3 } })
    try {
      const receiver = await connectRelayClient(second.relayUrl!, { auth: signedAuth('pg-receiver') })
      await receiver.request('irn_batchSubscribe', { topics: [topic, newTopic()] })
      const pushes = await receiver.waitForPushes(3)
      assert.deepEqual(
        pushes.map(p => [p.message, p.tag]),
        [
          ['pg-3', 1108],
          ['pg-4', 1108],
          ['pg-5', 1108]
        ]
      )
      assert.ok(Math.abs(pushes[0]!.publishedAt - Date.now()) < 60_000)
      await receiver.close()
    } finally {
      await second.close()
    }
  })
})

describe('server without the relay', () => {
  it('has no relay URL and refuses WebSocket upgrades', async () => {
    const server = await createServer({ config: config(), relay: false })
    try {
      assert.equal(server.relayUrl, undefined)
      assert.equal(server.relay, undefined)
      const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}/relay?projectId=demo`)
      const outcome = await new Promise<string>(resolve => {
        socket.once('open', () => resolve('open'))
        socket.once('error', () => resolve('error'))
      })
      assert.equal(outcome, 'error')
      assert.equal((await fetch(`${server.url}/relay`)).status, 404)
    } finally {
      await server.close()
    }
  })
})

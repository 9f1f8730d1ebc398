// The analytics and error sink: POST /e stores, GET /e reads back, with validation and limits.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { createServer, type WalletModalServer } from '../internal.js'
import { demoServerConfig } from '../config/demoServerConfig.js'
import { CLIENT, getJson, postJson, urlOf } from '../__fixtures__/http.js'

const TOKEN = 'read-token-0123456789'

function event(eventId: string, props: Record<string, unknown> = { type: 'track', event: 'MODAL_OPEN', properties: { connected: false } }) {
  return { eventId, url: 'http://127.0.0.1:5173/shop?x=1', domain: '127.0.0.1', timestamp: 1_760_000_000_000, props }
}

describe('analytics and error sink', () => {
  let server: WalletModalServer
  const post = (body: unknown, client: Record<string, string> = CLIENT) => postJson(urlOf(server.url, '/e', {}, client), body)
  const read = (params: Record<string, string | number> = {}, client: Record<string, string> = CLIENT) =>
    getJson(urlOf(server.url, '/e', params, client), { headers: { authorization: `Bearer ${TOKEN}` } })

  before(async () => {
    const config = demoServerConfig({
      chains: [],
      tokens: { DUSD: '0x5FbDB2315678afecb367f032d93F642f64180aa3', USDT: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512' }
    })
    config.projects.push({ id: 'quiet', allowedOrigins: [], analyticsEnabled: false })
    config.projects.push({ id: 'keeps-addresses', allowedOrigins: [], analyticsStoreAddresses: true })
    config.analyticsReadToken = TOKEN
    server = await createServer({ config })
  })
  after(async () => {
    await server?.close()
  })

  it('stores events and reads them back newest first', async () => {
    assert.deepEqual(await post(event('e-1')).then(r => [r.status, r.body]), [202, { ok: true }])
    const error = event('e-2', {
      type: 'error',
      event: 'ERROR',
      address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      errorType: 'USER_REJECTED',
      errorMessage: 'Connection rejected',
      stackTrace: 'Error: Connection rejected\n    at connect (core.js:1:1)'
    })
    assert.equal((await post(error)).status, 202)
    const { status, body } = await read()
    assert.equal(status, 200)
    assert.deepEqual(
      body.events.map((e: { eventId: string }) => e.eventId),
      ['e-2', 'e-1']
    )
    const [stored] = body.events
    const { address: _address, ...withoutAddress } = error.props
    assert.deepEqual(stored.props, withoutAddress)
    assert.equal(stored.url, 'http://127.0.0.1:5173/shop')
    assert.equal(stored.domain, '127.0.0.1')
    assert.equal(stored.timestamp, 1_760_000_000_000)
    assert.equal(stored.sdkType, CLIENT.st)
    assert.equal(stored.sdkVersion, CLIENT.sv)
    assert.ok(Math.abs(Date.parse(stored.receivedAt) - Date.now()) < 60_000)
  })

  it('filters by event name and limits the count', async () => {
    for (let i = 0; i < 3; i++) await post(event(`f-${i}`, { event: 'FILTER_ME' }))
    const filtered = await read({ event: 'FILTER_ME', limit: 2 })
    assert.deepEqual(
      filtered.body.events.map((e: { eventId: string }) => e.eventId),
      ['f-2', 'f-1']
    )
    assert.equal((await read({ limit: 0 })).status, 400)
    assert.equal((await read({ limit: 1001 })).status, 400)
  })

  it('stores a retried event id once', async () => {
    await post(event('dup', { event: 'DUP' }))
    await post(event('dup', { event: 'DUP' }))
    assert.equal((await read({ event: 'DUP' })).body.events.length, 1)
  })

  it('rejects malformed events with a reason', async () => {
    const bodies: unknown[] = [
      {},
      { ...event('x'), props: {} },
      { ...event('x'), props: { event: 5 } },
      { ...event('x'), timestamp: 'now' },
      { ...event('x'), timestamp: -1 },
      { ...event('x'), eventId: '' },
      { ...event('x'), extra: 1 },
      { ...event('x'), props: { event: 'E', errorMessage: 'x'.repeat(5001) } },
      [event('x')]
    ]
    for (const body of bodies) {
      const answer = await post(body)
      assert.equal(answer.status, 400, JSON.stringify(body).slice(0, 100))
      assert.equal(answer.body.error, 'bad_request')
      assert.equal(typeof answer.body.reason, 'string')
    }
  })

  it('refuses bodies over 64 KB with 413', async () => {
    const big = event('big', { event: 'BIG', properties: { blob: 'x'.repeat(70 * 1024) } })
    const { status, body } = await post(big)
    assert.equal(status, 413)
    assert.equal(body.error, 'payload_too_large')
  })

  it('drops events of projects with analytics off, and keeps projects apart', async () => {
    const quiet = { ...CLIENT, projectId: 'quiet' }
    const answer = await post(event('q-1'), quiet)
    assert.deepEqual([answer.status, answer.body], [202, { ok: true, stored: false }])
    assert.deepEqual((await read({}, quiet)).body, { events: [] })
    assert.ok((await read()).body.events.every((e: { eventId: string }) => e.eventId !== 'q-1'))
  })

  it('needs the project parameters, and the read token to read', async () => {
    assert.equal((await post(event('p'), { projectId: 'demo', st: 'x' })).status, 400)
    assert.equal((await post(event('p'), { ...CLIENT, projectId: 'nope' })).status, 403)
    const anonymous = await getJson(urlOf(server.url, '/e'))
    assert.equal(anonymous.status, 401)
    assert.equal(anonymous.body.error, 'unauthorized')
    const wrong = await getJson(urlOf(server.url, '/e'), { headers: { authorization: 'Bearer wrong' } })
    assert.equal(wrong.status, 401)
  })

  it('keeps reading off when no read token is configured', async () => {
    const config = demoServerConfig({
      chains: [],
      tokens: { DUSD: '0x5FbDB2315678afecb367f032d93F642f64180aa3', USDT: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512' }
    })
    delete config.analyticsReadToken
    const closed = await createServer({ config, relay: false })
    try {
      assert.equal((await postJson(urlOf(closed.url, '/e'), event('off-1'))).status, 202, 'events are still taken')
      for (const authorization of [undefined, 'Bearer ', 'Bearer undefined']) {
        const answer = await getJson(urlOf(closed.url, '/e'), authorization ? { headers: { authorization } } : {})
        assert.deepEqual(
          [answer.status, answer.body],
          [403, { error: 'forbidden', reason: 'Reading events is off: set analyticsReadToken in the server configuration' }]
        )
      }
    } finally {
      await closed.close()
    }
  })

  it('stores page URLs without query or fragment, and addresses only when the project opts in', async () => {
    const withAddress = (id: string) => ({
      ...event(id, {
        type: 'track',
        event: 'CONNECT_SUCCESS',
        address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
        properties: { name: 'Devnet Wallet', address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }
      }),
      url: 'https://shop.example/pay?email=a@b.example#token=secret'
    })
    assert.equal((await post(withAddress('a-1'))).status, 202)
    const [dropped] = (await read({ event: 'CONNECT_SUCCESS' })).body.events
    assert.equal(dropped.url, 'https://shop.example/pay')
    assert.deepEqual(dropped.props, { type: 'track', event: 'CONNECT_SUCCESS', properties: { name: 'Devnet Wallet' } })
    const stored = await server.store.query<{ address: string | null }>(`SELECT address FROM analytics_events WHERE event_id = 'a-1'`)
    assert.deepEqual(stored.rows, [{ address: null }])
    const optIn = { ...CLIENT, projectId: 'keeps-addresses' }
    assert.equal((await post(withAddress('a-2'), optIn)).status, 202)
    const [kept] = (await read({ event: 'CONNECT_SUCCESS' }, optIn)).body.events
    assert.equal(kept.props.address, '0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    assert.equal(kept.props.properties.address, '0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    assert.equal(kept.url, 'https://shop.example/pay', 'the URL is cut either way')
  })
})

// The relay under load, on loopback: 200 client pairs at once, each a request and a response
// through the relay (bare JSON-RPC clients, as the sign-client's transport speaks). Nothing may
// be lost, and once the clients are gone the server forgets them: no sockets, no topics, and
// the heap back near its idle size.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { createServer, type WalletModalServer } from '../internal.js'
import { demoServerConfig } from '../config/demoServerConfig.js'
import { connectRelayClient, signedAuth, type RelayClient } from '../__fixtures__/relayClient.js'
import { waitFor } from '../__fixtures__/http.js'

const PAIRS = 200
const ROUNDS = 2
/** How far above idle the heap may stay once the clients are gone. */
const HEAP_SLACK_BYTES = 8 * 1024 * 1024

// A forced collection, without needing `--expose-gc` on the test command line.
setFlagsFromString('--expose-gc')
const gc = ((globalThis as { gc?: () => void }).gc ?? runInNewContext('gc')) as () => void

/** Heap readings closer than this are taken as settled. */
const SETTLED_BYTES = 256 * 1024

/**
 * The heap once it stops shrinking: collections between turns of the event loop (closed sockets
 * release their buffers over a few of them) until two readings in a row agree, at most 20 passes.
 */
async function settledHeap(): Promise<number> {
  let last = Number.POSITIVE_INFINITY
  for (let pass = 0; pass < 20; pass++) {
    gc()
    await new Promise(resolve => setImmediate(resolve))
    const heap = process.memoryUsage().heapUsed
    if (Math.abs(last - heap) < SETTLED_BYTES) return heap
    last = heap
  }
  return last
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

/** One dapp/wallet pair: the dapp asks on its topic, the wallet answers on the same topic. */
async function exchange(relayUrl: string, round: number, index: number): Promise<{ request: string; response: string }> {
  const topic = `load-${round}-${index}-${'0'.repeat(40)}`
  let dapp: RelayClient | undefined
  let wallet: RelayClient | undefined
  try {
    ;[dapp, wallet] = await Promise.all([
      connectRelayClient(relayUrl, { auth: signedAuth(`dapp-${round}-${index}`) }),
      connectRelayClient(relayUrl, { auth: signedAuth(`wallet-${round}-${index}`) })
    ])
    await dapp.request('irn_subscribe', { topic })
    // The request is published before the wallet subscribes half of the time: stored delivery
    // and live delivery are both under load.
    const early = index % 2 === 0
    if (!early) await wallet.request('irn_subscribe', { topic })
    await dapp.request('irn_publish', { topic, message: `request-${index}`, ttl: 300, tag: 1108 })
    if (early) await wallet.request('irn_subscribe', { topic })
    const [request] = await wallet.waitForPushes(1, 20_000)
    await wallet.request('irn_publish', { topic, message: `response-${index}`, ttl: 300, tag: 1109 })
    const [response] = await dapp.waitForPushes(1, 20_000)
    // Nothing extra: no echo, no duplicate.
    assert.equal(wallet.pushes.length, 1)
    assert.equal(dapp.pushes.length, 1)
    return { request: request!.message, response: response!.message }
  } finally {
    await Promise.all([dapp?.close(), wallet?.close()])
  }
}

describe('relay under load', () => {
  let server: WalletModalServer

  before(async () => {
    server = await createServer({
      config: demoServerConfig({
        chains: [],
        tokens: { DUSD: '0x5FbDB2315678afecb367f032d93F642f64180aa3', USDT: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512' }
      }),
      relay: { maxConnectionsPerClient: 2 * PAIRS }
    })
  })
  after(async () => {
    await server?.close()
  })

  it(`carries ${PAIRS} concurrent pairs' requests without loss, and returns to its idle memory`, async t => {
    // Warm up every code path once, so the idle figure is not taken before lazy initialisation.
    await exchange(server.relayUrl!, 0, 0)
    await waitFor(() => server.relay!.connectionCount === 0, 5000, 'warm-up clients gone')
    const idleHeap = await settledHeap()
    const idleRss = process.memoryUsage().rss
    let peakHeap = 0

    for (let round = 1; round <= ROUNDS; round++) {
      const started = Date.now()
      const sampler = setInterval(() => (peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed)), 20)
      const results = await Promise.all(Array.from({ length: PAIRS }, (_, i) => exchange(server.relayUrl!, round, i))).finally(() => clearInterval(sampler))
      results.forEach((r, i) => assert.deepEqual(r, { request: `request-${i}`, response: `response-${i}` }))
      t.diagnostic(`round ${round}: ${PAIRS} pairs, ${PAIRS * 2} messages in ${Date.now() - started} ms`)
      await waitFor(() => server.relay!.connectionCount === 0 && server.relay!.topicCount === 0, 10_000, 'relay forgets closed clients')
    }

    const stored = await server.store.query<{ n: number }>(`SELECT count(*)::int AS n FROM relay_messages WHERE topic LIKE 'load-%'`)
    assert.equal(stored.rows[0]!.n, 2 + ROUNDS * PAIRS * 2, 'every message stored once')

    const afterHeap = await settledHeap()
    const afterRss = process.memoryUsage().rss
    t.diagnostic(`heap: idle ${mb(idleHeap)}, peak ${mb(peakHeap)}, after ${mb(afterHeap)}; rss: idle ${mb(idleRss)}, after ${mb(afterRss)}`)
    assert.ok(afterHeap < idleHeap + HEAP_SLACK_BYTES, `heap after load ${mb(afterHeap)} vs idle ${mb(idleHeap)}`)
  })
})

// The RPC proxy's bounds, against a node on loopback that misbehaves the way a hostile or broken
// upstream can: batch size, eth_getLogs ranges, and answers too large to hold.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { createServer as createHttpServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createServer, type WalletModalServer } from '../internal.js'
import { demoServerConfig } from '../config/demoServerConfig.js'
import { postJson, urlOf } from '../__fixtures__/http.js'

const HEAD = 0x100000n

/** A node answering eth_blockNumber and eth_getLogs (empty), or, on /flood, an endless answer. */
function startNode(): Promise<{ server: Server; url: string; calls: string[]; logFilters: unknown[] }> {
  const calls: string[] = []
  // The params of each eth_getLogs the node received: what the proxy forwarded, as sent.
  const logFilters: unknown[] = []
  const server = createHttpServer((request, response) => {
    let body = ''
    request.on('data', chunk => (body += chunk))
    request.on('end', () => {
      if (request.url === '/flood') {
        response.writeHead(200, { 'content-type': 'application/json' })
        response.write('{"jsonrpc":"2.0","id":0,"result":"')
        const chunk = 'f'.repeat(64 * 1024)
        // Writes until the proxy hangs up; a proxy that buffered whole would never stop reading.
        const pump = () => {
          while (!response.destroyed && response.write(chunk)) {}
          if (!response.destroyed) response.once('drain', pump)
        }
        response.on('close', () => response.removeAllListeners('drain'))
        pump()
        return
      }
      const requests = JSON.parse(body) as { id: number; method: string; params?: unknown }[] | { id: number; method: string; params?: unknown }
      const answer = (r: { id: number; method: string; params?: unknown }) => {
        calls.push(r.method)
        if (r.method === 'eth_getLogs') logFilters.push(r.params)
        return { jsonrpc: '2.0', id: r.id, result: r.method === 'eth_blockNumber' ? `0x${HEAD.toString(16)}` : r.method === 'eth_chainId' ? '0x1' : [] }
      }
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(JSON.stringify(Array.isArray(requests) ? requests.map(answer) : answer(requests)))
    })
  })
  return new Promise(resolve =>
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls, logFilters }))
  )
}

describe('RPC proxy bounds', () => {
  let node: Awaited<ReturnType<typeof startNode>>
  let server: WalletModalServer

  before(async () => {
    node = await startNode()
    const config = demoServerConfig({
      chains: [],
      tokens: { DUSD: '0x5FbDB2315678afecb367f032d93F642f64180aa3', USDT: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512' }
    })
    const chain = (id: number, rpcUrl: string) => ({
      caipNetworkId: `eip155:${id}`,
      name: `Node ${id}`,
      rpcUrl,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }
    })
    config.chains.push(chain(1, node.url), chain(2, `${node.url}/flood`))
    config.history = { enabled: false }
    config.rpcProxy = { maxBatch: 300, maxLogsBlockRange: 1000, maxResponseBytes: 256 * 1024 }
    server = await createServer({ config, relay: false })
  })
  after(async () => {
    await server?.close()
    node?.server.closeAllConnections()
    node?.server.close()
  })

  const proxy = (body: unknown, chainId = 'eip155:1') => postJson(urlOf(server.url, '/v1/', { chainId }, { projectId: 'demo' }), body)
  const logs = (id: number, filter: Record<string, unknown>) => ({ jsonrpc: '2.0', id, method: 'eth_getLogs', params: [filter] })

  it('takes the configured batch size', async () => {
    const batch = (n: number) => Array.from({ length: n }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'eth_chainId' }))
    assert.equal((await proxy(batch(300))).body.length, 300)
    const over = await proxy(batch(301))
    assert.equal(over.status, 400)
    assert.match(over.body.error.message, /301 entries exceeds 300/)
  })

  it('answers eth_getLogs over too many blocks with -32005, entry by entry, resolving tags against the head', async () => {
    node.calls.length = 0
    const { status, body } = await proxy([
      logs(1, { fromBlock: '0x0', toBlock: '0x3e7' }),
      logs(2, { fromBlock: '0x0', toBlock: '0x3e8' }),
      logs(3, { fromBlock: 'earliest', toBlock: 'latest' }),
      logs(4, { fromBlock: `0x${(HEAD - 999n).toString(16)}` }),
      logs(5, { fromBlock: `0x${(HEAD - 1000n).toString(16)}`, toBlock: 'latest' }),
      logs(6, { blockHash: `0x${'ab'.repeat(32)}` }),
      logs(7, {})
    ])
    assert.equal(status, 200)
    const refused = (id: number, blocks: bigint) => ({
      jsonrpc: '2.0',
      id,
      error: { code: -32005, message: `eth_getLogs block range of ${blocks} blocks exceeds 1000` }
    })
    assert.deepEqual(body, [
      { jsonrpc: '2.0', id: 1, result: [] },
      refused(2, 1001n),
      refused(3, HEAD + 1n),
      { jsonrpc: '2.0', id: 4, result: [] },
      refused(5, 1001n),
      { jsonrpc: '2.0', id: 6, result: [] },
      { jsonrpc: '2.0', id: 7, result: [] }
    ])
    assert.equal(node.calls.filter(m => m === 'eth_blockNumber').length, 1, 'the head is read once per request')
    assert.equal(node.calls.filter(m => m === 'eth_getLogs').length, 4, 'refused ranges never reach the node')
  })

  it('attack: a log filter with upper-case keys, 0X-prefixed or decimal block numbers, in a batch', async () => {
    node.logFilters.length = 0
    const { body } = await proxy([
      logs(1, { FromBlock: '0x0' }),
      logs(2, { fromBlock: '0x0', fromblock: '0x0' }),
      logs(3, { fromBlock: '0X0', toBlock: 'latest' }),
      logs(4, { fromBlock: '0' }),
      logs(5, { fromBlock: '0X0', toBlock: '999', address: `0x${'AB'.repeat(20)}` })
    ])
    assert.deepEqual(
      body.map((entry: { id: number; error?: { code: number; message: string } }) => [
        entry.id,
        entry.error?.code ?? 'result',
        entry.error?.message.replace(/: .*/, '') ?? ''
      ]),
      [
        [1, -32602, 'eth_getLogs filter has an unknown key'],
        [2, -32602, 'eth_getLogs filter has an unknown key'],
        [3, -32005, `eth_getLogs block range of ${HEAD + 1n} blocks exceeds 1000`],
        [4, -32005, `eth_getLogs block range of ${HEAD + 1n} blocks exceeds 1000`],
        [5, 'result', '']
      ]
    )
    // Only the one in range went on, and as the proxy rebuilt it, not as the caller wrote it.
    assert.deepEqual(node.logFilters, [[{ fromBlock: '0x0', toBlock: '0x3e7', address: `0x${'ab'.repeat(20)}` }]])
  })

  it('cuts off an upstream answer larger than the cap with 502, and keeps serving', async () => {
    const memoryBefore = process.memoryUsage().rss
    const flood = await proxy({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }, 'eip155:2')
    assert.equal(flood.status, 502)
    assert.deepEqual(flood.body, { error: 'bad_gateway', reason: `Upstream RPC answer exceeds ${256 * 1024} bytes` })
    assert.ok(process.memoryUsage().rss - memoryBefore < 64 * 1024 * 1024, 'the answer was not held whole')
    assert.deepEqual((await proxy({ jsonrpc: '2.0', id: 2, method: 'eth_chainId' })).body, { jsonrpc: '2.0', id: 2, result: '0x1' })
  })
})

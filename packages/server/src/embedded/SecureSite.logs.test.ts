// The secure site's /api/rpc forwards read calls for its own pages; eth_getLogs goes through the
// same canonical filter and range cap as the RPC proxy. Against a node on loopback that records
// what it receives, so the test sees exactly what reached it.
import assert from 'node:assert/strict'
import { createServer as createHttpServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, describe, it } from 'node:test'
import { codeOf, startMailSink, type MailSink } from '@wallet-modal/devnet'
import { createServer, KeyVault, type WalletModalServer } from '../internal.js'
import { demoServerConfig } from '../config/demoServerConfig.js'

const HEAD = 0x100000n

/** A node answering eth_blockNumber with {@link HEAD} and eth_getLogs with [], recording the getLogs params. */
function startNode(): Promise<{ server: Server; url: string; logFilters: unknown[] }> {
  const logFilters: unknown[] = []
  const server = createHttpServer((request, response) => {
    let body = ''
    request.on('data', chunk => (body += chunk))
    request.on('end', () => {
      const call = JSON.parse(body) as { id: number; method: string; params?: unknown }
      if (call.method === 'eth_getLogs') logFilters.push(call.params)
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ jsonrpc: '2.0', id: call.id, result: call.method === 'eth_blockNumber' ? `0x${HEAD.toString(16)}` : [] }))
    })
  })
  return new Promise(resolve =>
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, logFilters }))
  )
}

describe('secure site /api/rpc eth_getLogs', () => {
  let node: Awaited<ReturnType<typeof startNode>>
  let mail: MailSink
  let server: WalletModalServer
  let api: (path: string, body: unknown) => Promise<{ status: number; json: Record<string, any> }>

  before(async () => {
    ;[node, mail] = await Promise.all([startNode(), startMailSink()])
    const config = demoServerConfig({
      chains: [{ chainId: 31337, name: 'Recorded', rpcUrl: node.url }],
      tokens: { DUSD: '0x5FbDB2315678afecb367f032d93F642f64180aa3', USDT: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512' },
      origins: ['http://127.0.0.1:*']
    })
    config.history = { enabled: false }
    config.rpcProxy = { maxLogsBlockRange: 1000 }
    server = await createServer({
      config,
      relay: false,
      secureSite: { mail: { smtpUrl: mail.smtpUrl, from: 'Wallet <wallet@devnet.local>' }, vault: new KeyVault(new Uint8Array(32).fill(7)) }
    })
    const site = server.secureSiteUrl!
    let token: string | undefined
    api = async (path, body) => {
      const response = await fetch(`${site}${path}`, {
        method: 'POST',
        headers: { origin: site, 'x-wm-project': 'demo', 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body)
      })
      return { status: response.status, json: (await response.json().catch(() => ({}))) as Record<string, any> }
    }
    // Logged in as the site's own pages log in: the route needs a session.
    const email = 'logs@example.com'
    const deviceId = 'device-logs-aaaaaaaaaaaa'
    const since = mail.lastId()
    assert.equal((await api('/api/email/start', { email, deviceId, projectId: 'demo' })).json.action, 'VERIFY_OTP')
    const verified = await api('/api/email/verify', { email, otp: codeOf(await mail.waitFor(email, { since }))!, deviceId })
    assert.equal(verified.status, 200, JSON.stringify(verified.json))
    token = verified.json.token
  })
  after(async () => {
    await server?.close()
    await mail?.close()
    node?.server.closeAllConnections()
    node?.server.close()
  })

  it("attack: eth_getLogs through the secure site's /api/rpc", async () => {
    const getLogs = (filter: unknown) => api('/api/rpc', { chainId: 31337, method: 'eth_getLogs', params: [filter] })
    // Before: forwarded as given, whole chain and all.
    for (const filter of [{ fromBlock: '0x0', toBlock: 'latest' }, { fromBlock: '0X0' }, { fromBlock: '0' }]) {
      assert.deepEqual(await getLogs(filter), {
        status: 400,
        json: { error: 'bad_request', reason: `eth_getLogs block range of ${HEAD + 1n} blocks exceeds 1000` }
      })
    }
    const upper = await getLogs({ FromBlock: '0x0' })
    assert.deepEqual(upper, { status: 400, json: { error: 'bad_request', reason: 'eth_getLogs filter has an unknown key: FromBlock' } })
    assert.deepEqual(node.logFilters, [], 'no refused filter reached the node')

    // One in range goes on, rebuilt.
    assert.deepEqual(await getLogs({ fromBlock: '0XFFFFF', address: `0x${'AB'.repeat(20)}` }), { status: 200, json: { result: [] } })
    assert.deepEqual(node.logFilters, [[{ fromBlock: '0xfffff', address: `0x${'ab'.repeat(20)}` }]])
  })
})

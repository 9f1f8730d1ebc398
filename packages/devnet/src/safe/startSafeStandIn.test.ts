// The Safe{Wallet} stand-in as its page and the e2e tests see it: the host page framing a loopback
// app, its files, and the node calls it forwards for the Safe (reads, and the Safe's own writes).
// The node is a small JSON-RPC server on loopback that answers with the method it was asked.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { DEVNET_SAFE_ADDRESS, startSafeStandIn, type SafeStandIn } from './startSafeStandIn.js'

describe('Safe{Wallet} stand-in', () => {
  let safe: SafeStandIn
  let node: Server
  const calls: string[] = []

  const nodeCall = async (body: string) => {
    const response = await fetch(`${safe.url}/api/node`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    return { status: response.status, type: response.headers.get('content-type'), body: (await response.json()) as unknown }
  }

  before(async () => {
    node = createServer((req, res) => {
      let body = ''
      req.on('data', chunk => void (body += chunk))
      req.on('end', () => {
        const { id, method } = JSON.parse(body) as { id: number; method: string }
        calls.push(method)
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id, result: `answer to ${method}` }))
      })
    })
    await new Promise<void>(resolve => node.listen(0, '127.0.0.1', resolve))
    const rpcUrl = `http://127.0.0.1:${(node.address() as AddressInfo).port}`
    safe = await startSafeStandIn({
      chains: [
        { chainId: 31337, name: 'Devnet <one>', rpcUrl },
        { chainId: 31338, name: 'Devnet two', rpcUrl }
      ]
    })
  })
  after(async () => {
    await safe?.close()
    await new Promise<void>(resolve => node.close(() => resolve()))
  })

  it('listens on 127.0.0.1 and opens the app it is given at /', async () => {
    assert.match(safe.url, /^http:\/\/127\.0\.0\.1:\d+$/)
    const none = await fetch(`${safe.url}/`, { redirect: 'manual' })
    assert.deepEqual([none.status, none.headers.get('content-type'), await none.text()], [503, 'text/plain; charset=utf-8', 'No app to open yet'])
    safe.setAppUrl('http://127.0.0.1:4000/?x=1')
    const open = await fetch(`${safe.url}/`, { redirect: 'manual' })
    assert.equal(open.status, 302)
    assert.equal(open.headers.get('location'), '/apps/open?appUrl=http%3A%2F%2F127.0.0.1%3A4000%2F%3Fx%3D1')
  })

  it('serves its page script and style', async () => {
    for (const [path, type] of [
      ['/host.js', 'text/javascript; charset=utf-8'],
      ['/host.css', 'text/css; charset=utf-8']
    ]) {
      const response = await fetch(`${safe.url}${path}`)
      assert.equal(response.status, 200)
      assert.equal(response.headers.get('content-type'), type)
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff')
      assert.equal(response.headers.get('cache-control'), 'no-store')
      assert.ok((await response.text()).length > 0)
    }
    assert.equal((await fetch(`${safe.url}/host.js`, { method: 'HEAD' })).status, 404)
  })

  it('frames a loopback app under a policy naming its origin, with the chain and Safe escaped into the page', async () => {
    const app = 'http://127.0.0.1:4000/?q="<b>"&x=1'
    const response = await fetch(`${safe.url}/apps/open?appUrl=${encodeURIComponent(app)}&chainId=31337`)
    const html = await response.text()
    assert.equal(response.status, 200)
    assert.equal(response.headers.get('content-type'), 'text/html; charset=utf-8')
    assert.equal(
      response.headers.get('content-security-policy'),
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-src http://127.0.0.1:4000; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    )
    assert.equal(response.headers.get('referrer-policy'), 'no-referrer')
    assert.ok(html.includes('src="http://127.0.0.1:4000/?q=&quot;&lt;b&gt;&quot;&amp;x=1"'))
    assert.ok(html.includes('data-chain-name="Devnet &lt;one&gt;"'))
    assert.ok(html.includes(`<code id="safe">${DEVNET_SAFE_ADDRESS}</code> on Devnet &lt;one&gt; (31337)`))
    // The first chain when none is named.
    assert.match(await (await fetch(`${safe.url}/apps/open?appUrl=${encodeURIComponent(app)}`)).text(), /data-chain-id="31337"/)
  })

  it('frames nothing but loopback apps on its chains', async () => {
    for (const query of ['appUrl=https%3A%2F%2Fexample.com%2F', 'appUrl=http%3A%2F%2F127.0.0.1%3A4000%2F&chainId=1', '']) {
      const response = await fetch(`${safe.url}/apps/open?${query}`)
      assert.equal(response.status, 400)
      assert.equal(await response.text(), 'appUrl must be a loopback http URL and chainId a devnet chain')
    }
  })

  it("forwards reads and the Safe's own writes to the chain's node, and refuses the rest", async () => {
    assert.deepEqual(await nodeCall(JSON.stringify({ chainId: 31338, method: 'eth_chainId', params: [] })), {
      status: 200,
      type: 'application/json',
      body: { jsonrpc: '2.0', id: 1, result: 'answer to eth_chainId' }
    })
    const safeLower = DEVNET_SAFE_ADDRESS.toLowerCase()
    for (const [method, params] of [
      ['eth_sendTransaction', [{ from: safeLower, to: safeLower }]],
      ['personal_sign', ['0x00', safeLower]],
      ['eth_signTypedData_v4', [DEVNET_SAFE_ADDRESS, '{}']]
    ] as const) {
      assert.equal((await nodeCall(JSON.stringify({ chainId: 31337, method, params }))).status, 200, method)
    }
    assert.deepEqual(calls, ['eth_chainId', 'eth_sendTransaction', 'personal_sign', 'eth_signTypedData_v4'])
    const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    for (const body of [
      { chainId: 31337, method: 'eth_sendTransaction', params: [{ from: other }] },
      { chainId: 31337, method: 'personal_sign', params: ['0x00', other] },
      { chainId: 1, method: 'eth_chainId', params: [] }
    ]) {
      assert.deepEqual(await nodeCall(JSON.stringify(body)), {
        status: 400,
        type: 'application/json',
        body: { error: { message: `not allowed: ${body.method}` } }
      })
    }
    assert.equal(calls.length, 4)
  })

  it('answers bad bodies with its 500 envelope and unknown paths with a plain 404', async () => {
    const bad = await nodeCall('{not json')
    assert.equal(bad.status, 500)
    assert.equal(typeof (bad.body as { error: { message: unknown } }).error.message, 'string')
    const big = await nodeCall(JSON.stringify({ pad: 'x'.repeat(70_000) }))
    assert.deepEqual(big, { status: 500, type: 'application/json', body: { error: { message: 'body too large' } } })
    for (const [method, path] of [
      ['GET', '/nothing'],
      ['GET', '/%zz'],
      ['GET', '/api/node'],
      ['POST', '/apps/open']
    ]) {
      const response = await fetch(`${safe.url}${path}`, { method })
      assert.deepEqual([response.status, response.headers.get('content-type'), await response.text()], [404, 'text/plain; charset=utf-8', 'Not found'])
    }
  })
})

import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startAnvil } from './anvil.js'
import { DEVNET_TOKENS, WALLET_ACCOUNT } from './constants.js'
import { serveDemo, type DemoServer } from './serveDemo.js'
import { DEMO_CSP, demoCsp } from './server/securityHeaders.js'
import { SOLANA_CAIP_NETWORK_ID, SOLANA_RECEIVER_ADDRESS, SOLANA_SPL_MINT, SOLANA_WALLET_ADDRESS } from './solana/solanaConstants.js'
import { startDevnet, type Devnet } from './startDevnet.js'
import { rawRequest as raw } from './__fixtures__/rawRequest.js'

const rpcBody = (method: string): string => JSON.stringify({ jsonrpc: '2.0', id: 7, method, params: [] })

describe('serveDemo', () => {
  let dir = ''
  let devnet: Devnet | undefined
  let server: DemoServer | undefined
  const port = (): number => server!.port
  // The CSP of a server whose devnet runs the Solana network: its WebSocket origin is allowed.
  const csp = (): string => demoCsp(undefined, [new URL(devnet!.solana.wsUrl).origin])

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'devnet-serve-'))
    const files: Record<string, string> = {
      'secret.txt': 'TOP-SECRET',
      'demo/index.html': '<!doctype html><title>Demo</title>',
      'demo/app.js': 'console.log("demo")',
      'demo/style.css': 'body{}',
      'demo/sub/index.html': '<p>sub</p>',
      'demo/.env': 'HIDDEN',
      'ui/wallet-modal.js': 'export const modal = 1',
      'ui/chunks/view-abc.js': 'export const view = 1',
      'wallet/devnet-wallet.js': 'export const wallet = 1',
      'wallet/devnet-wallet.js.map': '{}',
      'docs/index.html': '<!doctype html><script id="check">document.body.dataset.ok = "1"</script><p>Docs</p>'
    }
    for (const [name, content] of Object.entries(files)) {
      await mkdir(join(dir, name, '..'), { recursive: true })
      await writeFile(join(dir, name), content)
    }
    devnet = await startDevnet()
    server = await serveDemo({
      port: 0,
      host: '127.0.0.1',
      devnet,
      demoDir: join(dir, 'demo'),
      uiDistDir: join(dir, 'ui'),
      walletDistDir: join(dir, 'wallet'),
      docsDistDir: join(dir, 'docs')
    })
  })
  after(async () => {
    await server?.close()
    await devnet?.stop()
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  it('serves the demo index with CSP and nosniff', async () => {
    const res = await raw(port(), '/')
    assert.equal(res.status, 200)
    assert.match(String(res.headers['content-type']), /^text\/html/)
    assert.equal(res.body, '<!doctype html><title>Demo</title>')
    assert.equal(res.headers['content-security-policy'], csp())
    assert.match(DEMO_CSP, /script-src 'self'; style-src 'self';/)
    assert.equal(
      csp(),
      DEMO_CSP.replace(
        "connect-src 'self' https://api.web3modal.org wss://relay.walletconnect.org;",
        `connect-src 'self' https://api.web3modal.org wss://relay.walletconnect.org ${devnet!.solana.wsUrl};`
      )
    )
    assert.equal(res.headers['x-content-type-options'], 'nosniff')
  })

  it('serves the docs site at /docs/ with the headers of every page, its inline script allowed by hash', async () => {
    const res = await raw(port(), '/docs/')
    assert.equal(res.status, 200)
    assert.match(res.body, /<p>Docs<\/p>/)
    assert.equal(res.headers['x-content-type-options'], 'nosniff')
    assert.equal(res.headers['cache-control'], 'no-store')
    const hash = `'sha256-${createHash('sha256').update('document.body.dataset.ok = "1"').digest('base64')}'`
    assert.equal(res.headers['content-security-policy'], csp().replace("script-src 'self'", `script-src 'self' ${hash}`))
  })

  it('serves static files with their content types', async () => {
    const cases: [string, RegExp, string][] = [
      ['/app.js', /^text\/javascript/, 'console.log("demo")'],
      ['/style.css', /^text\/css/, 'body{}'],
      ['/index.html?x=1', /^text\/html/, '<!doctype html><title>Demo</title>'],
      ['/sub/', /^text\/html/, '<p>sub</p>'],
      ['/dist/wallet-modal.js', /^text\/javascript/, 'export const modal = 1'],
      ['/dist/chunks/view-abc.js', /^text\/javascript/, 'export const view = 1'],
      ['/devnet-wallet.js', /^text\/javascript/, 'export const wallet = 1'],
      ['/devnet-wallet.js.map', /^application\/json/, '{}']
    ]
    for (const [path, type, body] of cases) {
      const res = await raw(port(), path)
      assert.equal(res.status, 200, path)
      assert.match(String(res.headers['content-type']), type, path)
      assert.equal(res.body, body, path)
    }
    assert.equal((await raw(port(), '/sub')).status, 301)
  })

  it('answers 404 for missing and hidden files, still with the CSP', async () => {
    for (const path of ['/missing.html', '/dist/missing.js', '/.env', '/devnet-wallet.css']) {
      const res = await raw(port(), path)
      assert.equal(res.status, 404, path)
      assert.equal(res.headers['content-security-policy'], csp())
    }
  })

  it('blocks directory traversal', async () => {
    for (const path of [
      '/../secret.txt',
      '/../../secret.txt',
      '/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/sub/..%2f..%2fsecret.txt',
      '/dist/../../secret.txt',
      '/dist/..%2f..%2fsecret.txt',
      '/dist/%2e%2e%2f%2e%2e%2fsecret.txt',
      '/..%5csecret.txt',
      '/%00../secret.txt'
    ]) {
      const res = await raw(port(), path)
      assert.ok(res.status === 400 || res.status === 404, `${path} -> ${res.status}`)
      assert.doesNotMatch(res.body, /TOP-SECRET/, path)
    }
  })

  it('serves /devnet.json with same-origin RPC URLs', async () => {
    const res = await raw(port(), '/devnet.json')
    assert.equal(res.status, 200)
    assert.match(String(res.headers['content-type']), /^application\/json/)
    assert.deepEqual(JSON.parse(res.body), {
      chains: [
        { chainId: 31337, name: 'Devnet', rpcUrl: `${server!.url}/rpc/31337` },
        { chainId: 31338, name: 'Devnet 2', rpcUrl: `${server!.url}/rpc/31338` }
      ],
      tokens: DEVNET_TOKENS,
      walletAccount: WALLET_ACCOUNT,
      solana: {
        caipNetworkId: SOLANA_CAIP_NETWORK_ID,
        name: 'Solana Devnet (local)',
        rpcUrl: `${server!.url}/rpc/solana`,
        wsUrl: devnet!.solana.wsUrl,
        walletAddress: SOLANA_WALLET_ADDRESS,
        receiverAddress: SOLANA_RECEIVER_ADDRESS,
        splMint: SOLANA_SPL_MINT
      }
    })
    const viaLocalhost = JSON.parse((await raw(port(), '/devnet.json', { host: `localhost:${port()}` })).body)
    assert.equal(viaLocalhost.chains[0].rpcUrl, `http://localhost:${port()}/rpc/31337`)
    assert.equal(viaLocalhost.solana.rpcUrl, `http://localhost:${port()}/rpc/solana`)
    // For the Devnet Wallet on another site's pages (the Next.js example): the chains' own URLs.
    const direct = JSON.parse((await raw(port(), '/devnet.json?rpc=direct')).body)
    assert.deepEqual(
      direct.chains.map((c: { rpcUrl: string }) => c.rpcUrl),
      devnet!.chains.map(c => c.rpcUrl)
    )
  })

  it('serves the same config as an ES module at /devnet-config.js', async () => {
    const res = await raw(port(), '/devnet-config.js')
    assert.equal(res.status, 200)
    assert.match(String(res.headers['content-type']), /^text\/javascript/)
    const json = JSON.parse((await raw(port(), '/devnet.json')).body)
    const m = /^export default (.*);\n$/s.exec(res.body)
    assert.ok(m, res.body)
    assert.deepEqual(JSON.parse(m[1]!), json)
  })

  it('refuses foreign Host headers (DNS rebinding)', async () => {
    assert.equal((await raw(port(), '/', { host: 'evil.example' })).status, 403)
    assert.equal((await raw(port(), '/devnet.json', { host: 'a"b' })).status, 403)
  })

  it('proxies JSON-RPC to each chain', async () => {
    for (const [chainId, hex] of [
      [31337, '0x7a69'],
      [31338, '0x7a6a']
    ] as const) {
      const res = await raw(port(), `/rpc/${chainId}`, { method: 'POST', body: rpcBody('eth_chainId') })
      assert.equal(res.status, 200)
      assert.equal(res.headers['content-security-policy'], csp())
      assert.deepEqual(JSON.parse(res.body), { jsonrpc: '2.0', id: 7, result: hex })
    }
    // fetch works too (it is what the browser wallet uses).
    const res = await fetch(`${server!.url}/rpc/31337`, { method: 'POST', body: rpcBody('eth_blockNumber'), headers: { 'content-type': 'application/json' } })
    assert.equal(res.status, 200)
    assert.match((await res.json()).result, /^0x/)
  })

  it("serves a block-explorer page of an address on each chain (what Account's Block Explorer link opens), text only", async () => {
    const page = await raw(port(), `/explorer/31337/address/${WALLET_ACCOUNT}`)
    assert.equal(page.status, 200)
    assert.equal(page.headers['content-security-policy'], csp())
    assert.match(page.body, new RegExp(`<code>${WALLET_ACCOUNT}</code>`))
    assert.match(page.body, /<dd data-label="Balance">\d+(\.\d+)? ETH<\/dd>/)
    assert.match(page.body, /<dd data-label="DUSD">\d+(\.\d+)?<\/dd>/)
    assert.match(page.body, /<dd data-label="Kind">Account \(no code\)<\/dd>/)
    // The token contract holds code.
    assert.match((await raw(port(), `/explorer/31338/address/${DEVNET_TOKENS.DUSD}`)).body, /<dd data-label="Kind">Contract/)
    assert.equal((await raw(port(), `/explorer/1/address/${WALLET_ACCOUNT}`)).status, 404)
    assert.equal((await raw(port(), '/explorer/31337/address/0x12<script>')).status, 400)
  })

  it('proxies JSON-RPC to the local Solana network', async () => {
    const res = await raw(port(), '/rpc/solana', {
      method: 'POST',
      body: JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'getBalance', params: [SOLANA_WALLET_ADDRESS] })
    })
    assert.equal(res.status, 200)
    assert.equal(res.headers['content-security-policy'], csp())
    assert.equal(JSON.parse(res.body).result.value, 100_000_000_000)
    const genesis = await fetch(`${server!.url}/rpc/solana`, { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getGenesisHash' }) })
    assert.equal(SOLANA_CAIP_NETWORK_ID, `solana:${(await genesis.json()).result.slice(0, 32)}`)
    const unknown = await raw(port(), '/rpc/solana', { method: 'POST', body: rpcBody('eth_chainId') })
    assert.equal(JSON.parse(unknown.body).error.code, -32601)
    assert.equal((await raw(port(), '/rpc/solana')).status, 405)
    assert.equal((await raw(port(), '/rpc/solana', { method: 'POST', body: '{nope' })).status, 400)
  })

  it('rejects unknown chains, wrong methods, bad JSON and oversize bodies', async () => {
    const unknown = await raw(port(), '/rpc/1', { method: 'POST', body: rpcBody('eth_chainId') })
    assert.equal(unknown.status, 404)
    assert.equal(JSON.parse(unknown.body).error.code, -32601)
    assert.equal((await raw(port(), '/rpc/0x7a69', { method: 'POST', body: rpcBody('eth_chainId') })).status, 404)
    assert.equal((await raw(port(), '/rpc/31337')).status, 405)
    assert.equal((await raw(port(), '/index.html', { method: 'POST', body: '{}' })).status, 405)
    const bad = await raw(port(), '/rpc/31337', { method: 'POST', body: '{nope' })
    assert.equal(bad.status, 400)
    assert.equal(JSON.parse(bad.body).error.code, -32700)
    const big = await raw(port(), '/rpc/31337', { method: 'POST', body: 'x'.repeat(1024 * 1024 + 1) })
    assert.equal(big.status, 413)
  })

  it('answers 502 when the chain is down', async () => {
    const anvil = await startAnvil({ chainId: 31337 })
    await anvil.stop()
    const orphan = await serveDemo({
      port: 0,
      devnet: { chains: [{ chainId: 31337, name: 'Devnet', rpcUrl: anvil.url }], tokens: DEVNET_TOKENS },
      demoDir: join(dir, 'demo'),
      uiDistDir: join(dir, 'ui'),
      walletDistDir: join(dir, 'wallet')
    })
    try {
      // Without a Solana network: no /rpc/solana, no extra CSP origin, no solana in the config.
      const solana = await raw(orphan.port, '/rpc/solana', { method: 'POST', body: rpcBody('getSlot') })
      assert.equal(solana.status, 404)
      assert.equal(solana.headers['content-security-policy'], DEMO_CSP)
      assert.equal(JSON.parse((await raw(orphan.port, '/devnet.json')).body).solana, undefined)
      const res = await raw(orphan.port, '/rpc/31337', { method: 'POST', body: rpcBody('eth_chainId') })
      assert.equal(res.status, 502)
      assert.match(String(res.headers['content-type']), /^application\/json/)
      const body = JSON.parse(res.body)
      assert.equal(body.id, 7)
      assert.match(body.error.message, /not reachable/)
    } finally {
      await orphan.close()
    }
  })
})

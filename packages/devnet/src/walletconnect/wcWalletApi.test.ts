// The dev wallet's control page and JSON API, through the demo server, with a real relay and a
// real dapp-side sign-client. The chains' nodes are not needed here (no transactions are sent).
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer, type WalletModalServer } from '@wallet-modal/server'
import { demoServerConfig } from '../server/demoServerConfig.js'
import { DEVNET_CHAINS, DEVNET_TOKENS, WALLET_ACCOUNT } from '../constants.js'
import { devnetPaths } from '../devnetPaths.js'
import { serveDemo, type DemoServer } from '../serveDemo.js'
import { DEMO_CSP } from '../server/securityHeaders.js'
import { startTestDapp, stopTestDapp, waitUntil, type TestDapp } from './__fixtures__/startTestDapp.js'
import { createWalletConnectDevWallet, type WalletConnectDevWallet, type WalletConnectDevWalletState } from './createWalletConnectDevWallet.js'
import { rawRequest as raw, type RawResponse } from '../__fixtures__/rawRequest.js'

const json = (res: RawResponse) => JSON.parse(res.body) as Record<string, unknown>
const REQUESTED = { eip155: { chains: ['eip155:31337'], methods: ['personal_sign'], events: ['chainChanged'] } }

describe('the WalletConnect dev wallet API and page on the demo server', () => {
  let dir = ''
  let relay: WalletModalServer
  let wallet: WalletConnectDevWallet
  let dapp: TestDapp
  let demo: DemoServer
  let bare: DemoServer
  const devnet = {
    // Nothing here sends transactions: the nodes need not run.
    chains: DEVNET_CHAINS.map(chain => ({ ...chain, rpcUrl: 'http://127.0.0.1:9' })),
    tokens: DEVNET_TOKENS
  }

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'devnet-wc-wallet-'))
    relay = await createServer({ config: demoServerConfig({ chains: [], tokens: DEVNET_TOKENS }) })
    ;[wallet, dapp] = await Promise.all([
      createWalletConnectDevWallet({ relayUrl: relay.relayUrl!, chains: devnet.chains }),
      startTestDapp(relay.relayUrl!, 'API test dapp')
    ])
    const dirs = { demoDir: dir, uiDistDir: dir, walletDistDir: dir }
    demo = await serveDemo({ devnet, ...dirs, wcWallet: wallet })
    bare = await serveDemo({ devnet, ...dirs })
  })
  after(async () => {
    await demo?.close()
    await bare?.close()
    await stopTestDapp(dapp)
    await wallet?.close()
    await relay?.close()
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  const post = (path: string, body: unknown) => raw(demo.port, `/wc-wallet/api/${path}`, { method: 'POST', body: JSON.stringify(body) })

  it('pairs from a real link POSTed to /pair; the state then lists the session', async () => {
    const { uri, approval } = await dapp.connect({ optionalNamespaces: REQUESTED })
    const res = await post('pair', { uri })
    assert.equal(res.status, 200, res.body)
    assert.equal(res.headers['content-security-policy'], DEMO_CSP)
    const { pair, state } = json(res) as { pair: { outcome: string; sessionTopic: string }; state: WalletConnectDevWalletState }
    assert.equal(pair.outcome, 'approved')
    const session = await approval()
    assert.equal(pair.sessionTopic, session.topic)
    assert.equal(state.sessions.length, 1)

    const current = json(await raw(demo.port, '/wc-wallet/api/state')) as unknown as WalletConnectDevWalletState
    assert.equal(current.mode, 'approve')
    assert.equal(current.address, WALLET_ACCOUNT)
    assert.deepEqual(
      current.sessions.map(s => ({ topic: s.topic, peer: s.peer.name, chains: s.chains })),
      [{ topic: session.topic, peer: 'API test dapp', chains: ['eip155:31337'] }]
    )
    assert.equal(current.log.at(-1)!.outcome, 'approved')
  })

  it('answers bad input with 400 and a message, and never falls over', async () => {
    const cases: [string, string, RegExp][] = [
      ['pair', '{nope', /not valid JSON/],
      ['pair', '[]', /JSON object/],
      ['pair', '{}', /"uri"/],
      ['pair', JSON.stringify({ uri: 'https://example.com' }), /must start with "wc:"/],
      ['pair', JSON.stringify({ uri: `wc:${'a'.repeat(64)}@2?relay-protocol=irn` }), /symKey/],
      ['mode', JSON.stringify({ mode: 'sometimes' }), /approve.*reject/],
      ['mode', '', /not valid JSON/],
      ['disconnect', JSON.stringify({ topic: 'nope' }), /No session/],
      ['disconnect', JSON.stringify({ topic: 7 }), /topic must be a string/]
    ]
    for (const [route, body, message] of cases) {
      const res = await raw(demo.port, `/wc-wallet/api/${route}`, { method: 'POST', body })
      assert.equal(res.status, 400, `${route} ${body}: ${res.body}`)
      assert.match(String(res.headers['content-type']), /^application\/json/)
      assert.match(String(json(res).error), message, `${route} ${body}`)
    }
    const status = async (path: string, init: Parameters<typeof raw>[2]) => (await raw(demo.port, path, init)).status
    assert.equal(await status('/wc-wallet/api/pair', { method: 'POST', body: '{}', headers: { 'content-type': 'text/plain' } }), 415)
    assert.equal(await status('/wc-wallet/api/pair', { method: 'POST', body: '{}', headers: { origin: 'http://evil.example' } }), 403)
    assert.equal(await status('/wc-wallet/api/pair', { method: 'POST', body: 'x'.repeat(20_000) }), 413)
    assert.equal(await status('/wc-wallet/api/pair', {}), 405)
    assert.equal(await status('/wc-wallet/api/state', { method: 'POST', body: '{}' }), 405)
    assert.equal(await status('/wc-wallet/api/nothing', {}), 404)
    // Same-origin requests from the page carry an Origin header and are accepted.
    const sameOrigin = await raw(demo.port, '/wc-wallet/api/mode', {
      method: 'POST',
      body: JSON.stringify({ mode: 'approve' }),
      headers: { origin: `http://127.0.0.1:${demo.port}` }
    })
    assert.equal(sameOrigin.status, 200)
    // Still alive and well.
    assert.equal((await raw(demo.port, '/wc-wallet/api/state')).status, 200)
  })

  it('switches mode through /mode', async () => {
    const res = await post('mode', { mode: 'reject' })
    assert.equal(res.status, 200)
    assert.equal((json(res).state as WalletConnectDevWalletState).mode, 'reject')
    assert.equal((json(await raw(demo.port, '/wc-wallet/api/state')) as unknown as WalletConnectDevWalletState).mode, 'reject')
    assert.equal((await post('mode', { mode: 'approve' })).status, 200)
  })

  it('disconnects through /disconnect: the dapp receives session_delete', async () => {
    const [session] = wallet.sessions()
    assert.ok(session)
    const deleted = new Promise<string>(resolve => dapp.once('session_delete', ({ topic }) => resolve(topic)))
    const res = await raw(demo.port, '/wc-wallet/api/disconnect', { method: 'POST', body: '' })
    assert.equal(res.status, 200, res.body)
    assert.equal(json(res).disconnected, 1)
    assert.equal(await deleted, session.topic)
    assert.deepEqual((json(res).state as WalletConnectDevWalletState).sessions, [])
    await waitUntil(() => dapp.session.getAll().length === 0, 5000, 'the dapp forgets the session')
  })

  it('answers 503 with a clear message when no wallet runs', async () => {
    for (const init of [{}, { method: 'POST', body: JSON.stringify({ uri: 'wc:x' }) }]) {
      const res = await raw(bare.port, `/wc-wallet/api/${init.body ? 'pair' : 'state'}`, init)
      assert.equal(res.status, 503)
      assert.match(String(json(res).error), /not running/)
    }
  })

  it('serves the page, its script and its style as files, under the strict CSP', async () => {
    const redirect = await raw(demo.port, '/wc-wallet')
    assert.equal(redirect.status, 301)
    assert.equal(redirect.headers.location, '/wc-wallet/')

    const page = await raw(demo.port, '/wc-wallet/')
    assert.equal(page.status, 200)
    assert.match(String(page.headers['content-type']), /^text\/html/)
    assert.equal(page.headers['content-security-policy'], DEMO_CSP)
    assert.match(page.body, /<title>Devnet WalletConnect wallet<\/title>/)
    assert.match(page.body, /<label for="uri">Paste the WalletConnect link<\/label>/)
    assert.match(page.body, /<textarea id="uri"/)
    assert.match(page.body, /<button id="pair" type="submit">Pair<\/button>/)
    assert.match(page.body, /value="approve"/)
    assert.match(page.body, /value="reject"/)
    assert.match(page.body, /aria-live="polite"/)
    // Nothing the CSP would block: every script has a src, no style element or attribute.
    assert.doesNotMatch(page.body, /<script(?![^>]*\bsrc=)[^>]*>/)
    assert.doesNotMatch(page.body, /<style|\sstyle=|\son[a-z]+=/i)

    for (const [file, type] of [
      ['wc-wallet.js', /^text\/javascript/],
      ['wc-wallet.css', /^text\/css/]
    ] as const) {
      const res = await raw(demo.port, `/wc-wallet/${file}`)
      assert.equal(res.status, 200, file)
      assert.match(String(res.headers['content-type']), type)
      assert.equal(res.headers['content-security-policy'], DEMO_CSP)
      assert.equal(res.headers['x-content-type-options'], 'nosniff')
      assert.equal(res.body, await readFile(join(devnetPaths().wcWalletDir, file), 'utf8'))
    }
    // Dapp names and log details come from whatever dapp paired: text only, never parsed as HTML.
    const script = (await raw(demo.port, '/wc-wallet/wc-wallet.js')).body
    assert.doesNotMatch(script, /innerHTML|outerHTML|insertAdjacentHTML|document\.write/)
    assert.equal((await raw(demo.port, '/wc-wallet/../package.json')).status, 400)
  })
})

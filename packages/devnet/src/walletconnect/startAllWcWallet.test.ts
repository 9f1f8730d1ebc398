// startAll runs the WalletConnect dev wallet on its services' relay and the devnet chains, serves
// its page and API, and stops it again.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import WebSocket from 'ws'
import { RELAY_REFUSALS } from '@wallet-modal/wire'
import { WALLET_ACCOUNT } from '../constants.js'
import { startAll, type AllServices } from '../startAll.js'
import { startTestDapp, stopTestDapp, type TestDapp } from './__fixtures__/startTestDapp.js'

describe('startAll with the WalletConnect dev wallet', () => {
  let dir = ''
  let all: AllServices
  let dapp: TestDapp

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'devnet-startall-wc-'))
    all = await startAll({ port: 0, demoDir: dir, uiDistDir: dir, walletDistDir: dir })
    assert.ok(all.services?.relayUrl, 'services run a relay')
    dapp = await startTestDapp(all.services.relayUrl)
  })
  after(async () => {
    await stopTestDapp(dapp)
    await all?.stop()
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  it('starts the wallet on the relay with every devnet chain and serves its API', async () => {
    assert.ok(all.wcWallet)
    assert.equal(all.wcWallet.address, WALLET_ACCOUNT)
    const { uri, approval } = await dapp.connect({
      optionalNamespaces: { eip155: { chains: ['eip155:31337', 'eip155:31338'], methods: ['eth_chainId'], events: [] } }
    })
    const res = await fetch(`${all.url}/wc-wallet/api/pair`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ uri }) })
    assert.equal(res.status, 200)
    const session = await approval()
    assert.deepEqual(session.namespaces.eip155?.chains, ['eip155:31337', 'eip155:31338'])
    assert.equal(await dapp.request({ topic: session.topic, chainId: 'eip155:31338', request: { method: 'eth_chainId', params: [] } }), '0x7a6a')
    const state = await (await fetch(`${all.url}/wc-wallet/api/state`)).json()
    assert.equal(state.sessions.length, 1)
  })

  it("runs the relay in the public relay's mode: a client without its auth JWT is refused for good", async () => {
    const socket = new WebSocket(`${all.services!.relayUrl}?projectId=demo`)
    const closed = await new Promise<{ code: number; reason: string }>(resolve =>
      socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() }))
    )
    assert.deepEqual(closed, { code: 3000, reason: `${RELAY_REFUSALS.invalidKey} (missing)` })
  })

  it('can leave the wallet out', async () => {
    const bare = await startAll({ port: 0, demoDir: dir, uiDistDir: dir, walletDistDir: dir, withoutWcWallet: true })
    try {
      assert.equal(bare.wcWallet, undefined)
      assert.equal((await fetch(`${bare.url}/wc-wallet/api/state`)).status, 503)
    } finally {
      await bare.stop()
    }
  })
})

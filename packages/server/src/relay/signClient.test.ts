// Two unmodified @walletconnect/sign-client 2.25 instances, a dapp and a wallet, in this process,
// pairing and working through the server's relay only: session approval, personal_sign
// verified with viem, ping, a rejected proposal, a wallet-side disconnect, and a relay restart.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { toHex, verifyMessage, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createServer, type WalletModalServer } from '../internal.js'
import { demoServerConfig } from '../config/demoServerConfig.js'
import { verifyRelayAuth } from './verifyRelayAuth.js'
import { subscriptionId } from './subscriptionId.js'
import { startSignClient, stopSignClient, type TestSignClient } from '../__fixtures__/signClients.js'
import { waitFor } from '../__fixtures__/http.js'

/** Anvil account 1 (its well-known development key). */
const account = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
const CHAIN = 'eip155:31337'
const REQUESTED = { eip155: { chains: [CHAIN], methods: ['personal_sign', 'eth_sendTransaction'], events: ['accountsChanged', 'chainChanged'] } }
const APPROVED = { eip155: { ...REQUESTED.eip155, accounts: [`${CHAIN}:${account.address}`] } }

const config = () =>
  demoServerConfig({ chains: [], tokens: { DUSD: '0x5FbDB2315678afecb367f032d93F642f64180aa3', USDT: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512' } })

/** What the test wallet does with the next proposal. */
type Decision = 'approve' | 'reject'

describe('sign-clients through the relay', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wm-relay-wc-'))
  let server: WalletModalServer
  let dapp: TestSignClient
  let wallet: TestSignClient
  let decision: Decision = 'approve'

  before(async () => {
    server = await createServer({ config: config(), dataDir: dir })
    ;[dapp, wallet] = await Promise.all([startSignClient('dapp', server.relayUrl!), startSignClient('wallet', server.relayUrl!)])
    wallet.on('session_proposal', async ({ id }) => {
      if (decision === 'approve') await wallet.approve({ id, namespaces: APPROVED })
      else await wallet.reject({ id, reason: { code: 5000, message: 'User rejected.' } })
    })
    // The wallet signs personal_sign requests with the devnet account.
    wallet.on('session_request', async ({ id, topic, params }) => {
      const [message, address] = params.request.params as [Hex, string]
      assert.equal(params.request.method, 'personal_sign')
      assert.equal(address.toLowerCase(), account.address.toLowerCase())
      const signature = await account.signMessage({ message: { raw: message } })
      await wallet.respond({ topic, response: { id, jsonrpc: '2.0', result: signature } })
    })
  })
  after(async () => {
    await Promise.all([stopSignClient(dapp), stopSignClient(wallet)])
    await server?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  /** The dapp proposes, the wallet pairs from the URI; resolves with the dapp's approval. */
  async function connect(): Promise<ReturnType<TestSignClient['session']['get']>> {
    const { uri, approval } = await dapp.connect({ optionalNamespaces: REQUESTED })
    assert.match(uri ?? '', /^wc:[0-9a-f]{64}@2\?/)
    await wallet.pair({ uri: uri! })
    return approval()
  }

  /** A personal_sign round trip through the session, checked with viem. */
  async function signThrough(topic: string, text: string): Promise<void> {
    const message = toHex(text)
    const signature = await dapp.request<Hex>({ topic, chainId: CHAIN, request: { method: 'personal_sign', params: [message, account.address] } })
    assert.equal(await verifyMessage({ address: account.address, message: { raw: message }, signature }), true)
  }

  let sessionTopic = ''

  it('pairs, approves a session and answers personal_sign and ping through the relay', async () => {
    const started = Date.now()
    const session = await connect()
    sessionTopic = session.topic
    assert.deepEqual(session.namespaces.eip155?.accounts, [`${CHAIN}:${account.address}`])
    assert.equal(session.peer.metadata.name, 'wallet')
    await waitFor(() => wallet.session.keys.includes(session.topic), 5000, 'wallet session')
    await signThrough(session.topic, 'Sign in to the relay test')
    await dapp.ping({ topic: session.topic })
    // No vendor service and no time-out on the way.
    assert.ok(Date.now() - started < 10_000, `took ${Date.now() - started} ms`)
  })

  it('keeps the session across a relay restart (clients reconnect and resubscribe)', async () => {
    const port = server.port
    await server.close()
    server = await createServer({ config: config(), dataDir: dir, port })
    // The SDK notices the closed socket, reconnects and re-subscribes with irn_batchSubscribe.
    await waitFor(() => dapp.core.relayer.connected && wallet.core.relayer.connected && server.relay!.topicCount >= 1, 20_000, 'reconnect')
    await signThrough(sessionTopic, 'After the restart')
  })

  it('hands out the subscription ids the SDK computes itself, from the client id in its auth JWT', async () => {
    for (const client of [dapp, wallet]) {
      const clientId = await client.core.crypto.getClientId()
      assert.deepEqual(verifyRelayAuth(await client.core.crypto.signJWT(server.relayUrl!), Date.now() / 1000), { ok: true, clientId })
      const subscriptions = [...client.core.relayer.subscriber.subscriptions.values()]
      assert.ok(subscriptions.length > 0)
      for (const { id, topic } of subscriptions) assert.equal(subscriptionId(topic, clientId), id)
    }
  })

  it('rejects the dapp approval when the wallet rejects the proposal', async () => {
    decision = 'reject'
    try {
      await assert.rejects(connect(), (error: { message?: string; code?: number }) => {
        assert.match(error.message ?? '', /rejected/i)
        return true
      })
    } finally {
      decision = 'approve'
    }
  })

  it('tells the dapp when the wallet deletes the session', async () => {
    const deleted = new Promise<string>(resolve => dapp.once('session_delete', ({ topic }) => resolve(topic)))
    await wallet.disconnect({ topic: sessionTopic, reason: { code: 6000, message: 'User disconnected.' } })
    assert.equal(await deleted, sessionTopic)
    await waitFor(() => !dapp.session.keys.includes(sessionTopic), 5000, 'dapp forgets the session')
  })
})

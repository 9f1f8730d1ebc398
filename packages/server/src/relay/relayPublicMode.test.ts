// The relay in public mode (`relay.publicMode`): the WalletConnect network's rules. Two unmodified
// sign-clients (real auth JWTs, aud = their relayUrl) pair and exchange a request; raw sockets
// with a wrong audience, no auth, an unknown project or a page the allow-list does not name are
// refused with the final close code 3000 and the documented answer.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { generateKeyPair, signJWT } from '@walletconnect/relay-auth'
import { RELAY_REFUSALS, RELAY_REFUSAL_CLOSE_CODE, relayRefusalOf } from '@wallet-modal/wire'
import { toHex, verifyMessage, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import WebSocket from 'ws'
import { createServer, type WalletModalServer } from '../internal.js'
import { demoServerConfig } from '../config/demoServerConfig.js'
import type { ServerConfig } from '../config/ServerConfig.js'
import { findFreePort } from '@wallet-modal/devnet'
import { connectRelayClient, type RelayClient } from '../__fixtures__/relayClient.js'
import { startSignClient, stopSignClient, type TestSignClient } from '../__fixtures__/signClients.js'
import { waitFor } from '../__fixtures__/http.js'

/** Anvil account 1 (its well-known development key). */
const account = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
const CHAIN = 'eip155:31337'
const REQUESTED = { eip155: { chains: [CHAIN], methods: ['personal_sign'], events: ['accountsChanged'] } }
const APPROVED = { eip155: { ...REQUESTED.eip155, accounts: [`${CHAIN}:${account.address}`] } }

/** The demo configuration plus a project with a one-site allow-list and one with an empty list. */
function publicConfig(relay: ServerConfig['relay']): ServerConfig {
  const config = demoServerConfig({
    chains: [],
    tokens: { DUSD: '0x5FbDB2315678afecb367f032d93F642f64180aa3', USDT: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512' }
  })
  config.history = { enabled: false }
  config.projects.push({ id: 'shop', allowedOrigins: ['https://*.shop.example'] }, { id: 'open', allowedOrigins: [] })
  config.relay = relay
  return config
}

/** A token as `@walletconnect/relay-auth` signs it for the sign-client, made out to `aud`. */
const jwtFor = (aud: string, ttl = 86_400) => signJWT(randomBytes(32).toString('hex'), aud, ttl, generateKeyPair())

/** Opens a raw socket and resolves with how the server closed it (or 'open' if it stayed open). */
function outcomeOf(url: string, headers: Record<string, string> = {}): Promise<{ code: number; reason: string } | 'open'> {
  const socket = new WebSocket(url, { headers })
  return new Promise((resolve, reject) => {
    socket.once('error', reject)
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() }))
    // A refused socket is closed at once; an accepted one answers a request.
    socket.once('open', () => {
      socket.once('message', () => {
        socket.removeAllListeners('close')
        socket.close()
        resolve('open')
      })
      socket.send(JSON.stringify({ id: 1, jsonrpc: '2.0', method: 'irn_subscribe', params: { topic: randomBytes(32).toString('hex') } }))
    })
  })
}

const refused = (reason: string) => ({ code: RELAY_REFUSAL_CLOSE_CODE, reason })

describe('relay in public mode', () => {
  let server: WalletModalServer
  let relayUrl = ''
  let dapp: TestSignClient | undefined
  let wallet: TestSignClient | undefined
  const url = (query: Record<string, string>) => `${relayUrl}?${new URLSearchParams(query)}`

  before(async () => {
    const port = await findFreePort()
    relayUrl = `ws://127.0.0.1:${port}/relay`
    // The audience as configured may carry a trailing slash: it does not count.
    server = await createServer({ config: publicConfig({ publicMode: true, audiences: [`${relayUrl}/`] }), port })
    assert.equal(server.relayUrl, relayUrl)
  })
  after(async () => {
    await Promise.all([stopSignClient(dapp), stopSignClient(wallet)])
    await server?.close()
  })

  it('lets two unmodified sign-clients pair and answer personal_sign (their JWT aud is their relayUrl)', async () => {
    ;[dapp, wallet] = await Promise.all([startSignClient('dapp', relayUrl), startSignClient('wallet', relayUrl)])
    wallet.on('session_proposal', ({ id }) => void wallet!.approve({ id, namespaces: APPROVED }))
    wallet.on('session_request', async ({ id, topic, params }) => {
      const [message] = params.request.params as [Hex, string]
      await wallet!.respond({ topic, response: { id, jsonrpc: '2.0', result: await account.signMessage({ message: { raw: message } }) } })
    })
    const { uri, approval } = await dapp.connect({ optionalNamespaces: REQUESTED })
    await wallet.pair({ uri: uri! })
    const session = await approval()
    await waitFor(() => wallet!.session.keys.includes(session.topic), 5000, 'wallet session')
    const message = toHex('Public mode')
    const signature = await dapp.request<Hex>({
      topic: session.topic,
      chainId: CHAIN,
      request: { method: 'personal_sign', params: [message, account.address] }
    })
    assert.equal(await verifyMessage({ address: account.address, message: { raw: message }, signature }), true)
    // What the SDK signs really is its relayUrl.
    const aud = JSON.parse(Buffer.from((await dapp.core.crypto.signJWT(relayUrl)).split('.')[1]!, 'base64url').toString()).aud
    assert.equal(aud, relayUrl)
  })

  it('refuses a token made out to another relay, and an expired one: 401 invalid key', async () => {
    assert.deepEqual(
      await outcomeOf(url({ projectId: 'demo', auth: await jwtFor('wss://relay.walletconnect.org') })),
      refused(`${RELAY_REFUSALS.invalidKey} (wrong audience)`)
    )
    assert.deepEqual(
      await outcomeOf(url({ projectId: 'demo', auth: await jwtFor(`${relayUrl}/other`) })),
      refused(`${RELAY_REFUSALS.invalidKey} (wrong audience)`)
    )
    assert.deepEqual(await outcomeOf(url({ projectId: 'demo', auth: await jwtFor(relayUrl, -10) })), refused(`${RELAY_REFUSALS.invalidKey} (expired)`))
  })

  it('refuses a client without auth (which the default mode lets in with a random id)', async () => {
    const outcome = await outcomeOf(url({ projectId: 'demo' }))
    assert.deepEqual(outcome, refused(`${RELAY_REFUSALS.invalidKey} (missing)`))
    assert.equal(relayRefusalOf((outcome as { reason: string }).reason), 'invalidKey')
  })

  it('takes the token from Authorization: Bearer too (the relay spec names both)', async () => {
    assert.equal(await outcomeOf(url({ projectId: 'demo' }), { authorization: `Bearer ${await jwtFor(relayUrl)}` }), 'open')
  })

  it('refuses an unknown or missing project id: 401', async () => {
    const auth = await jwtFor(relayUrl)
    assert.deepEqual(await outcomeOf(url({ projectId: 'no-such-project', auth })), refused(RELAY_REFUSALS.projectNotFound))
    assert.deepEqual(await outcomeOf(url({ auth })), refused(RELAY_REFUSALS.projectMissing))
  })

  it("reads the project's allow-list by the network's rules: 403 for a page it does not name", async () => {
    const auth = await jwtFor(relayUrl)
    const shop = url({ projectId: 'shop', auth })
    assert.deepEqual(await outcomeOf(shop, { origin: 'https://evil.example' }), refused(RELAY_REFUSALS.originNotAllowed))
    assert.deepEqual(await outcomeOf(shop, { origin: 'https://shop.example' }), refused(RELAY_REFUSALS.originNotAllowed), '* is one whole label')
    assert.deepEqual(await outcomeOf(shop, { origin: 'https://a.b.shop.example' }), refused(RELAY_REFUSALS.originNotAllowed))
    assert.equal(await outcomeOf(shop, { origin: 'https://www.shop.example' }), 'open')
    assert.equal(await outcomeOf(shop, { origin: 'http://localhost:5173' }), 'open', 'localhost always passes')
    assert.equal(await outcomeOf(shop), 'open', 'no Origin: not a browser')
    assert.equal(await outcomeOf(url({ projectId: 'open', auth }), { origin: 'https://anything.example' }), 'open', 'an empty list allows all')
  })

  it('checks the key before the origin, as the public relay answers 401 before 403', async () => {
    assert.deepEqual(await outcomeOf(url({ projectId: 'shop' }), { origin: 'https://evil.example' }), refused(`${RELAY_REFUSALS.invalidKey} (missing)`))
  })
})

describe('relay in public mode without configured audiences', () => {
  let server: WalletModalServer
  const clients: RelayClient[] = []
  before(async () => {
    server = await createServer({ config: publicConfig({ publicMode: true }) })
  })
  after(async () => {
    await Promise.all(clients.map(c => c.close()))
    await server?.close()
  })

  it("takes tokens made out to the server's own relayUrl (and its path-less and localhost forms) only", async () => {
    const own = server.relayUrl!
    for (const aud of [own, own.slice(0, -'/relay'.length), own.replace('127.0.0.1', 'localhost'), `${own}/`]) {
      const client = await connectRelayClient(own, { projectId: 'demo', auth: await jwtFor(aud) })
      clients.push(client)
      assert.equal(typeof (await client.request('irn_subscribe', { topic: randomBytes(32).toString('hex') })), 'string', aud)
    }
    assert.deepEqual(
      await outcomeOf(`${own}?projectId=demo&auth=${await jwtFor('wss://relay.example.org')}`),
      refused(`${RELAY_REFUSALS.invalidKey} (wrong audience)`)
    )
  })
})

// Two server processes on one PostgreSQL are one service to a client: the rate limits count
// across both, a sign-in nonce issued by one is spent on the other, and a WalletConnect dapp on
// one relay and a wallet on the other pair and exchange requests (fan-out through NOTIFY).
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { toHex, verifyMessage, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { WALLET_PRIVATE_KEY } from '@wallet-modal/devnet'
import { demoServerConfig } from './config/demoServerConfig.js'
import { CLIENT, postJson, urlOf } from './__fixtures__/http.js'
import { startCliServer, type CliServer } from './__fixtures__/startCliServer.js'
import { postgresAvailability, startPostgres, type TestPostgres } from './__fixtures__/startPostgres.js'
import { startSignClient, stopSignClient, type TestSignClient } from './__fixtures__/signClients.js'

const postgres = postgresAvailability()
const wallet = privateKeyToAccount(WALLET_PRIVATE_KEY)

describe('two server processes on one PostgreSQL', { skip: postgres.ok ? false : `skipped: ${postgres.ok ? '' : postgres.reason}` }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'wm-two-'))
  let pg: TestPostgres | undefined
  const servers: CliServer[] = []

  before(async () => {
    if (!postgres.ok) return
    pg = await startPostgres(postgres.bin)
    const config = demoServerConfig({
      chains: [{ chainId: 31337, name: 'Devnet', rpcUrl: 'http://127.0.0.1:9' }],
      tokens: { DUSD: '0x5FbDB2315678afecb367f032d93F642f64180aa3', USDT: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512' }
    })
    config.history = { enabled: false }
    config.sessions = { noncesPerMinute: 3 }
    config.rateLimits = { routes: { directory: 4 } }
    const file = join(dir, 'config.json')
    writeFileSync(file, JSON.stringify(config))
    // One after the other: both would otherwise race to apply the migrations.
    servers.push(await startCliServer(['--config', file, '--trust-proxy', '1'], { DATABASE_URL: pg.url }))
    servers.push(await startCliServer(['--config', file, '--trust-proxy', '1'], { DATABASE_URL: pg.url }))
  })
  after(async () => {
    for (const server of servers) assert.equal(await server.stop(), 0, JSON.stringify(server.output()))
    await pg?.stop()
    rmSync(dir, { recursive: true, force: true })
  })

  it("counts one client's requests across both processes", async () => {
    const [a, b] = servers
    const get = (base: string, client: string) => fetch(urlOf(base, '/getWallets', { page: 1, entries: 1 }), { headers: { 'x-forwarded-for': client } })
    const statuses = []
    for (const base of [a!.url, b!.url, a!.url, b!.url, a!.url]) statuses.push((await get(base, '198.51.100.9')).status)
    assert.deepEqual(statuses, [200, 200, 200, 200, 429])
    const refused = await get(b!.url, '198.51.100.9')
    assert.equal(refused.status, 429)
    assert.match((await refused.json()).reason, /^Too many requests; try again in \d+ s$/)
    assert.equal((await get(b!.url, '198.51.100.10')).status, 200, 'another client is still served')
  })

  it('limits sign-in nonces across both, and spends a nonce of one on the other', async () => {
    const [a, b] = servers
    const nonce = (base: string, client = '198.51.100.20') =>
      postJson<{ nonce: string; reason?: string }>(urlOf(base, '/v1/sessions/nonce'), {}, { 'x-forwarded-for': client })
    const first = await nonce(a!.url)
    assert.equal(first.status, 200)
    assert.deepEqual([(await nonce(b!.url)).status, (await nonce(a!.url)).status, (await nonce(b!.url)).status], [200, 200, 429])

    const message = createSiweMessage({
      domain: '127.0.0.1:5173',
      uri: 'http://127.0.0.1:5173/',
      address: wallet.address,
      chainId: 31337,
      nonce: first.body.nonce,
      version: '1',
      issuedAt: new Date()
    })
    const signature = await wallet.signMessage({ message })
    const signIn = (base: string) =>
      postJson<{ session?: { address: string }; reason?: string }>(urlOf(base, '/v1/sessions', {}, CLIENT), { message, signature })
    const opened = await signIn(b!.url)
    assert.equal(opened.status, 200, JSON.stringify(opened.body))
    assert.equal(opened.body.session?.address, wallet.address)
    const replay = await signIn(a!.url)
    assert.deepEqual([replay.status, replay.body.reason], [409, 'Nonce already used'])
  })

  it('pairs a dapp on one process with a wallet on the other: proposal, approval, personal_sign and ping', { timeout: 60_000 }, async () => {
    const [a, b] = servers
    const relayOf = (server: CliServer) => `${server.url.replace(/^http/, 'ws')}/relay`
    const CHAIN = 'eip155:31337'
    const REQUESTED = { eip155: { chains: [CHAIN], methods: ['personal_sign'], events: ['accountsChanged', 'chainChanged'] } }
    let dapp: TestSignClient | undefined
    let phone: TestSignClient | undefined
    try {
      ;[dapp, phone] = await Promise.all([startSignClient('dapp', relayOf(a!)), startSignClient('wallet', relayOf(b!))])
      const walletClient = phone
      walletClient.on('session_proposal', async ({ id }) => {
        await walletClient.approve({ id, namespaces: { eip155: { ...REQUESTED.eip155, accounts: [`${CHAIN}:${wallet.address}`] } } })
      })
      walletClient.on('session_request', async ({ id, topic, params }) => {
        const [message] = params.request.params as [Hex, string]
        await walletClient.respond({ topic, response: { id, jsonrpc: '2.0', result: await wallet.signMessage({ message: { raw: message } }) } })
      })
      const { uri, approval } = await dapp.connect({ optionalNamespaces: REQUESTED })
      await walletClient.pair({ uri: uri! })
      const session = await approval()
      assert.deepEqual(session.namespaces.eip155?.accounts, [`${CHAIN}:${wallet.address}`])
      const message = toHex('Across two relay processes')
      const signature = await dapp.request<Hex>({
        topic: session.topic,
        chainId: CHAIN,
        request: { method: 'personal_sign', params: [message, wallet.address] }
      })
      assert.equal(await verifyMessage({ address: wallet.address, message: { raw: message }, signature }), true)
      await dapp.ping({ topic: session.topic })
    } finally {
      await Promise.all([stopSignClient(dapp), stopSignClient(phone)])
    }
  })
})

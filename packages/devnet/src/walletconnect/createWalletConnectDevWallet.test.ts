// The WalletConnect dev wallet against the real pieces: the wallet-modal server's relay, the
// devnet's anvil nodes and an unmodified dapp-side sign-client in this process.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { createServer, type WalletModalServer } from '@wallet-modal/server'
import { demoServerConfig } from '../server/demoServerConfig.js'
import { createPublicClient, http, parseEther, toHex, verifyMessage, verifyTypedData, type Hex } from 'viem'
import { DEVNET_ACCOUNTS, WALLET_ACCOUNT } from '../constants.js'
import { startDevnet, type Devnet } from '../startDevnet.js'
import { startTestDapp, stopTestDapp, waitUntil, type TestDapp } from './__fixtures__/startTestDapp.js'
import { createWalletConnectDevWallet, type WalletConnectDevWallet } from './createWalletConnectDevWallet.js'
import { WalletInputError } from './WalletInputError.js'

const EVM_METHODS = ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'wallet_switchEthereumChain', 'eth_chainId', 'eth_accounts']
/** What the modal asks for: both devnet chains plus mainnet, which the devnet does not have. */
const REQUESTED = {
  eip155: { chains: ['eip155:31337', 'eip155:31338', 'eip155:1'], methods: EVM_METHODS, events: ['chainChanged', 'accountsChanged'] }
}

type Session = Awaited<ReturnType<Awaited<ReturnType<TestDapp['connect']>>['approval']>>

describe('createWalletConnectDevWallet', () => {
  let devnet: Devnet
  let server: WalletModalServer
  let wallet: WalletConnectDevWallet
  let dapp: TestDapp
  let session: Session

  before(async () => {
    devnet = await startDevnet()
    server = await createServer({ config: demoServerConfig({ chains: devnet.chains, tokens: devnet.tokens }) })
    assert.ok(server.relayUrl, 'the server runs its relay')
    ;[wallet, dapp] = await Promise.all([createWalletConnectDevWallet({ relayUrl: server.relayUrl, chains: devnet.chains }), startTestDapp(server.relayUrl)])
  })
  after(async () => {
    await stopTestDapp(dapp)
    await wallet?.close()
    await server?.close()
    await devnet?.stop()
  })

  /** The dapp proposes, the wallet pairs from the link; both results and how long it took. */
  async function connect(optionalNamespaces: Record<string, { chains: string[]; methods: string[]; events: string[] }> = REQUESTED) {
    const { uri, approval } = await dapp.connect({ optionalNamespaces })
    assert.ok(uri)
    const started = performance.now()
    const approved = approval().then(
      value => ({ ok: true as const, session: value, ms: performance.now() - started }),
      (error: unknown) => ({ ok: false as const, error: error as { code?: number; message?: string } })
    )
    const pair = await wallet.pair(uri)
    return { pair, ...(await approved) }
  }

  const request = <T>(method: string, params: unknown, chainId = 'eip155:31337') =>
    dapp.request<T>({ topic: session.topic, chainId, request: { method, params } })

  it('pairs and approves the devnet chains the dapp asked for, in well under a second', async () => {
    const result = await connect()
    assert.ok(result.ok, JSON.stringify(result))
    session = result.session
    console.log(`pairing -> approval: ${Math.round(result.ms)} ms`)
    assert.ok(result.ms < 1000, `pairing to approval took ${Math.round(result.ms)} ms`)
    assert.equal(result.pair.outcome, 'approved')
    assert.equal(result.pair.sessionTopic, session.topic)
    const eip155 = session.namespaces.eip155!
    assert.deepEqual(eip155.accounts, [`eip155:31337:${WALLET_ACCOUNT}`, `eip155:31338:${WALLET_ACCOUNT}`])
    assert.deepEqual(eip155.chains, ['eip155:31337', 'eip155:31338'])
    assert.ok(eip155.methods.includes('wallet_addEthereumChain') && eip155.methods.includes('eth_sign'))
    assert.deepEqual(eip155.events, ['chainChanged', 'accountsChanged'])
    assert.equal(session.peer.metadata.name, 'Devnet WalletConnect wallet')

    const [listed] = wallet.sessions()
    assert.deepEqual(listed, {
      topic: session.topic,
      peer: { name: 'Test dapp', url: 'http://127.0.0.1' },
      chains: ['eip155:31337', 'eip155:31338'],
      accounts: eip155.accounts,
      expiry: listed!.expiry
    })
    const last = wallet.log().at(-1)!
    assert.equal(last.kind, 'proposal')
    assert.equal(last.outcome, 'approved')
    assert.equal(last.peer, 'Test dapp')
  })

  it('signs personal_sign messages (hex and plain text) with the devnet account', async () => {
    for (const message of [toHex('Sign in to the devnet'), 'Plain text, not hex']) {
      const signature = await request<Hex>('personal_sign', [message, WALLET_ACCOUNT])
      const checked = message.startsWith('0x') ? { raw: message as Hex } : message
      assert.equal(await verifyMessage({ address: WALLET_ACCOUNT, message: checked, signature }), true, message)
    }
    const entry = wallet.log().at(-1)!
    assert.equal(entry.method, 'personal_sign')
    assert.equal(entry.outcome, 'answered')
    assert.equal(entry.chainId, 'eip155:31337')
  })

  it('signs eth_signTypedData_v4', async () => {
    const typedData = {
      domain: { name: 'Devnet', version: '1', chainId: 31337 },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' }
        ],
        Mail: [
          { name: 'to', type: 'address' },
          { name: 'contents', type: 'string' }
        ]
      },
      primaryType: 'Mail',
      message: { to: DEVNET_ACCOUNTS[2], contents: 'Hello' }
    } as const
    const signature = await request<Hex>('eth_signTypedData_v4', [WALLET_ACCOUNT, JSON.stringify(typedData)])
    // viem derives the domain type itself (and wants a bigint chainId when given one explicitly).
    const { domain, primaryType, message } = typedData
    assert.equal(await verifyTypedData({ address: WALLET_ACCOUNT, domain, types: { Mail: typedData.types.Mail }, primaryType, message, signature }), true)
  })

  it('answers eth_chainId and eth_accounts for the chain addressed', async () => {
    assert.equal(await request('eth_chainId', [], 'eip155:31338'), '0x7a6a')
    assert.deepEqual(await request('eth_accounts', []), [WALLET_ACCOUNT])
  })

  it('signs eth_sendTransaction locally and sends it to the addressed chain', async () => {
    const receiver = DEVNET_ACCOUNTS[6]
    const clients = devnet.chains.map(chain => createPublicClient({ transport: http(chain.rpcUrl) }))
    const before = await Promise.all(clients.map(client => client.getBalance({ address: receiver })))
    const value = parseEther('0.25')
    const hash = await request<Hex>('eth_sendTransaction', [{ from: WALLET_ACCOUNT, to: receiver, value: toHex(value) }], 'eip155:31338')
    assert.match(hash, /^0x[0-9a-f]{64}$/)
    const receipt = await clients[1]!.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    assert.equal(receipt.status, 'success')
    assert.equal(receipt.from.toLowerCase(), WALLET_ACCOUNT.toLowerCase())
    const afterwards = await Promise.all(clients.map(client => client.getBalance({ address: receiver })))
    assert.equal(afterwards[1]! - before[1]!, value, 'Devnet 2 received the value')
    assert.equal(afterwards[0], before[0], 'Devnet (31337) untouched')

    // A transaction from another account is refused, as any wallet would.
    await assert.rejects(
      request('eth_sendTransaction', [{ from: DEVNET_ACCOUNTS[0], to: receiver, value: '0x1' }]),
      (error: { code?: number }) => error.code === 4100
    )
  })

  it('switches chains with a chainChanged session event, and refuses chains outside the session with 4902', async () => {
    const event = new Promise<{ name: string; data: unknown; chainId: string }>(resolve =>
      dapp.once('session_event', ({ params }) => resolve({ ...params.event, chainId: params.chainId }))
    )
    assert.equal(await request('wallet_switchEthereumChain', [{ chainId: '0x7a6a' }]), null)
    assert.deepEqual(await event, { name: 'chainChanged', data: 31338, chainId: 'eip155:31338' })

    await assert.rejects(request('wallet_switchEthereumChain', [{ chainId: '0x1' }]), (error: { code?: number }) => error.code === 4902)
  })

  it('in reject mode, rejects proposals (USER_REJECTED) and answers every request with 4001', async () => {
    wallet.setMode('reject')
    try {
      const result = await connect()
      assert.equal(result.ok, false)
      assert.equal(result.pair.outcome, 'rejected')
      assert.ok(!result.ok && result.error.code === 5000, JSON.stringify(!result.ok && result.error))
      await assert.rejects(request('personal_sign', [toHex('no'), WALLET_ACCOUNT]), (error: { code?: number; message?: string }) => {
        assert.equal(error.code, 4001)
        assert.equal(error.message, 'User rejected the request.')
        return true
      })
      assert.equal(wallet.log().at(-1)!.outcome, 'rejected')
    } finally {
      wallet.setMode('approve')
    }
    assert.throws(() => wallet.setMode('maybe' as 'approve'), WalletInputError)
  })

  it('rejects a proposal for chains the devnet lacks with UNSUPPORTED_CHAINS', async () => {
    const proposals: Record<string, { chains: string[]; methods: string[]; events: string[] }>[] = [
      { eip155: { chains: ['eip155:1', 'eip155:10'], methods: ['personal_sign'], events: [] } },
      { solana: { chains: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'], methods: ['solana_signMessage'], events: [] } }
    ]
    for (const namespaces of proposals) {
      const result = await connect(namespaces)
      assert.ok(!result.ok, 'approval must fail')
      assert.equal(result.error.code, 5100, JSON.stringify(result.error))
      assert.equal(result.pair.outcome, 'rejected')
      assert.match(result.pair.detail ?? '', /None of the requested chains/)
    }
  })

  it('refuses links that are not WalletConnect v2 pairing links, or were used already', async () => {
    await assert.rejects(wallet.pair('https://example.com/?uri=wc:abc'), { name: 'WalletInputError', message: /must start with "wc:"/ })
    await assert.rejects(wallet.pair(`wc:${'a'.repeat(64)}@1?symKey=${'b'.repeat(64)}`), { name: 'WalletInputError', message: /version 1/ })
    const { uri, approval } = await dapp.connect({ optionalNamespaces: REQUESTED })
    assert.ok(uri)
    await assert.rejects(wallet.pair(uri.replace(/symKey=[0-9a-f]+/, 'symKey=xyz')), { name: 'WalletInputError', message: /symKey/ })
    assert.equal((await wallet.pair(uri)).outcome, 'approved')
    await approval()
    await assert.rejects(wallet.pair(uri), { name: 'WalletInputError', message: /already used/ })
  })

  it('disconnectAll ends every session from the wallet side: the dapp receives session_delete', async () => {
    const topics = wallet.sessions().map(s => s.topic)
    assert.ok(topics.length >= 2, `expected two sessions, have ${topics.length}`)
    const deleted = new Set<string>()
    dapp.on('session_delete', ({ topic }) => deleted.add(topic))
    assert.equal(await wallet.disconnectAll(), topics.length)
    await waitUntil(() => topics.every(topic => deleted.has(topic)), 5000, 'session_delete for every session')
    assert.deepEqual(wallet.sessions(), [])
    await waitUntil(() => dapp.session.getAll().length === 0, 5000, 'the dapp forgets its sessions')
    assert.equal(wallet.log().at(-1)!.kind, 'disconnect')
  })
})

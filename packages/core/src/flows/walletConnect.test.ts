import { expect } from 'chai'
import { verifyMessage, toHex } from 'viem'
import { createCore, type Core } from '../createCore.js'
import { devnetNetworks, getDevnet, memoryStorage, rpc, waitFor, wcWallet, type DevnetInfo } from '../__fixtures__/devnet.js'
import { sessionTerms, startWalletConnect } from './walletConnect.js'
import { PAIRING_EXPIRY_MS, WALLET_CONNECT_CONNECTOR_ID } from '../adapters/walletconnect/constants.js'
import { formatBalance } from '../utils/formatBalance.js'

// Real WalletConnect end to end inside the browser: the modal's sign-client (bundled for the
// browser) on the wallet-modal server's relay, and the devnet's WalletConnect wallet (an
// unmodified sign-client in wallet mode, in Node) approving, signing and sending on anvil.
describe('WalletConnect (real relay, real wallet sign-client)', function () {
  this.timeout(30000)
  let info: DevnetInfo
  const cores: Core[] = []
  const make = (storage = memoryStorage(), extra: Partial<Parameters<typeof createCore>[0]> = {}) => {
    const core = createCore({
      projectId: 'demo',
      networks: devnetNetworks(info),
      relayUrl: info.relayUrl,
      storage,
      enableEIP6963: false,
      enableInjected: false,
      ...extra
    })
    cores.push(core)
    return core
  }
  before(async () => {
    info = await getDevnet()
  })
  afterEach(async () => {
    await wcWallet('mode', { mode: 'approve' })
    await wcWallet('disconnect')
    for (const c of cores.splice(0)) c.destroy()
  })

  async function connect(core: Core): Promise<{ stop: () => void; uri: string; ms: number }> {
    await core.ready
    core.open({ view: 'ConnectingWalletConnect' })
    const stop = startWalletConnect(core)
    const uri = await waitFor(() => core.connection.state.wcUri, 10000, 'pairing URI')
    expect(uri).to.match(/^wc:[0-9a-f]{64}@2\?/)
    const pair = await wcWallet<{ outcome: string }>('pair', { uri })
    expect(pair.outcome).to.equal('approved')
    const t0 = performance.now()
    await waitFor(() => core.chain.state.namespaces.eip155.account.status === 'connected', 5000, 'connected')
    return { stop, uri, ms: performance.now() - t0 }
  }

  it('offers the WalletConnect connector on the configured relay, else on the WalletConnect network, and not when turned off', () => {
    expect(make().connector.get(WALLET_CONNECT_CONNECTOR_ID)?.type).to.equal('WALLET_CONNECT')
    // Spec §3 Connector chains: the site's networks of its family.
    expect(make().connector.get(WALLET_CONNECT_CONNECTOR_ID)?.chains).to.deep.equal(info.chains.map(c => `eip155:${c.chainId}`))
    const plain = createCore({ projectId: 'demo', networks: devnetNetworks(info), storage: memoryStorage(), enableEIP6963: false, enableInjected: false })
    cores.push(plain)
    expect(plain.connector.get(WALLET_CONNECT_CONNECTOR_ID)?.type).to.equal('WALLET_CONNECT')
    expect(plain.options.state.relayUrl).to.equal('wss://relay.walletconnect.org')
    const off = createCore({
      projectId: 'demo',
      networks: devnetNetworks(info),
      storage: memoryStorage(),
      enableEIP6963: false,
      enableInjected: false,
      enableWalletConnect: false
    })
    cores.push(off)
    // Compared by id: a failed comparison must not make the runner serialise a live connector.
    expect(off.connector.get(WALLET_CONNECT_CONNECTOR_ID)?.id).to.equal(undefined)
  })

  it('pairs, connects with the wallet’s account and balance, signs with personal_sign, sends a transaction, switches chain', async () => {
    const core = make()
    const { stop, ms } = await connect(core)
    stop()
    expect(ms).to.be.lessThan(2000)
    const account = core.getAccount()
    expect(account.address?.toLowerCase()).to.equal(info.walletAccount.toLowerCase())
    expect(core.getNetwork()?.id).to.equal(info.chains[0]!.chainId)
    expect(core.modal.state.open).to.equal(false)
    // The phone wallet is named by its session (spec §3 connectedWalletInfo), and what it approved
    // is kept: the session's chains, and other networks too (it offers wallet_addEthereumChain).
    expect(account.walletInfo).to.deep.equal({ id: WALLET_CONNECT_CONNECTOR_ID, name: 'Devnet WalletConnect wallet', type: 'WALLET_CONNECT' })
    const { network } = core.chain.state.namespaces.eip155
    expect([...network.approvedCaipNetworkIds].sort()).to.deep.equal(info.chains.map(c => `eip155:${c.chainId}`).sort())
    expect(network.supportsAllNetworks).to.equal(true)
    // The wallet changes its terms (session_update): the namespace follows.
    const live = core.connector.get(WALLET_CONNECT_CONNECTOR_ID)!.provider as unknown as { emit(event: string, ...args: unknown[]): void }
    live.emit('sessionUpdate', {
      topic: 't',
      expiry: 0,
      namespaces: { eip155: { chains: [`eip155:${info.chains[0]!.chainId}`], accounts: [], methods: ['personal_sign'], events: [] } },
      peer: { metadata: { name: 'x' } }
    })
    expect([...network.approvedCaipNetworkIds]).to.deep.equal([`eip155:${info.chains[0]!.chainId}`])
    expect(network.supportsAllNetworks).to.equal(false)
    // Balance of the session's account on the session's chain, read from the chain itself.
    await waitFor(() => core.chain.state.namespaces.eip155.account.balance, 5000, 'balance')
    const wei = await rpc<string>(info.chains[0]!.rpcUrl, 'eth_getBalance', [info.walletAccount, 'latest'])
    expect(core.getAccount().balance).to.equal(formatBalance(BigInt(wei), 18))

    const provider = core.connector.get(WALLET_CONNECT_CONNECTOR_ID)!.provider!
    const message = 'wallet-modal over WalletConnect'
    const signature = (await provider.request({ method: 'personal_sign', params: [toHex(message), account.address] })) as `0x${string}`
    expect(await verifyMessage({ address: account.address as `0x${string}`, message, signature })).to.equal(true)

    const to = '0x000000000000000000000000000000000000dEaD'
    const before = BigInt(await rpc<string>(info.chains[0]!.rpcUrl, 'eth_getBalance', [to, 'latest']))
    const hash = (await provider.request({ method: 'eth_sendTransaction', params: [{ from: account.address, to, value: '0x1' }] })) as string
    expect(hash).to.match(/^0x[0-9a-f]{64}$/)
    await waitFor(async () => (await rpc<unknown>(info.chains[0]!.rpcUrl, 'eth_getTransactionReceipt', [hash])) !== null, 5000, 'receipt')
    expect(BigInt(await rpc<string>(info.chains[0]!.rpcUrl, 'eth_getBalance', [to, 'latest'])) - before).to.equal(1n)

    await core.switchNetwork(`eip155:${info.chains[1]!.chainId}`)
    expect(core.getNetwork()?.id).to.equal(info.chains[1]!.chainId)
    expect(await provider.request({ method: 'eth_chainId' })).to.equal(`0x${info.chains[1]!.chainId.toString(16)}`)
  })

  it('reads a session’s terms per namespace: approved chains (from accounts when chains are absent), other networks only with wallet_addEthereumChain, the peer’s https icon', () => {
    const session = {
      topic: 't',
      expiry: 0,
      namespaces: {
        eip155: { accounts: ['eip155:1:0xabc', 'eip155:10:0xabc'], methods: ['personal_sign'], events: [] },
        solana: { chains: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'], accounts: [], methods: ['solana_signMessage', 'wallet_addEthereumChain'], events: [] }
      },
      peer: { metadata: { name: '  Phone Wallet ', icons: ['http://insecure.example/i.png', 'https://wallet.example/i.png'] } }
    }
    expect(sessionTerms(session, 'eip155')).to.deep.equal({
      approvedCaipNetworkIds: ['eip155:1', 'eip155:10'],
      supportsAllNetworks: false,
      peer: { name: 'Phone Wallet', icon: 'https://wallet.example/i.png' }
    })
    // A namespace's list never names another family's chain; a peer without a name is not one.
    const other = sessionTerms({ ...session, peer: { metadata: { name: ' ' } } }, 'solana')
    expect(other).to.deep.equal({ approvedCaipNetworkIds: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'], supportsAllNetworks: true })
    expect(sessionTerms(session, 'bip122')).to.deep.equal({
      approvedCaipNetworkIds: [],
      supportsAllNetworks: false,
      peer: { name: 'Phone Wallet', icon: 'https://wallet.example/i.png' }
    })
    // A wallet's malformed metadata (no name, icons not a list, no peer at all) is no name, not a failure.
    const odd = { ...session, peer: { metadata: { icons: 'https://x.example/i.png' } } } as unknown as typeof session
    expect(sessionTerms(odd, 'eip155')).to.deep.equal({ approvedCaipNetworkIds: ['eip155:1', 'eip155:10'], supportsAllNetworks: false })
    expect(sessionTerms({ ...session, peer: undefined } as unknown as typeof session, 'eip155').peer).to.equal(undefined)
  })

  it('a rejected proposal shows Connection rejected, then a fresh URI', async () => {
    const core = make()
    core.open({ view: 'ConnectingWalletConnect' })
    const stop = startWalletConnect(core)
    try {
      const first = await waitFor(() => core.connection.state.wcUri, 10000, 'pairing URI')
      await wcWallet('mode', { mode: 'reject' })
      expect((await wcWallet<{ outcome: string }>('pair', { uri: first })).outcome).to.equal('rejected')
      await waitFor(() => core.connection.state.error, 5000, 'error')
      expect(core.connection.state.error?.message).to.equal('Connection rejected')
      const second = await waitFor(() => core.connection.state.wcUri !== first && core.connection.state.wcUri, 10000, 'fresh URI')
      expect(second).to.match(/^wc:/)
      expect(core.getAccount().isConnected).to.equal(false)
    } finally {
      stop()
    }
  })

  it('restores the session after a reload without pairing again; a wallet-side disconnect disconnects', async () => {
    const storage = memoryStorage()
    const first = make(storage)
    ;(await connect(first)).stop()
    const address = first.getAccount().address
    first.destroy()
    // "Reload": a new core on the same storage.
    const second = make(storage)
    expect(await second.ready).to.equal(true)
    expect(second.getAccount().address).to.equal(address)
    expect(second.connection.state.wcUri).to.equal(undefined)
    const events: string[] = []
    second.subscribeEvents(e => events.push(e.type))
    expect((await wcWallet<{ ended: number }>('disconnect')).ended).to.be.greaterThan(0)
    await waitFor(() => second.chain.state.namespaces.eip155.account.status === 'disconnected', 5000, 'disconnected')
    expect(events).to.include('DISCONNECT_SUCCESS')
  })

  it('a modal-side disconnect ends the session in the wallet too', async () => {
    const core = make()
    ;(await connect(core)).stop()
    expect((await wcWallet<{ sessions: unknown[] }>('state')).sessions.length).to.equal(1)
    await core.disconnect()
    await waitFor(async () => (await wcWallet<{ sessions: unknown[] }>('state')).sessions.length === 0, 5000, 'wallet session gone')
    expect(core.connector.get(WALLET_CONNECT_CONNECTOR_ID)?.provider).to.equal(undefined)
  })

  it('replaces a pairing once it counts as expired (4 min, 10 s early)', async () => {
    const core = make()
    // The flow's clock, counting its readings: with a URI on screen, the clock is read only by
    // the expiry check (every second), so a new reading is a check that has run. The check's
    // timer stays real: the WalletConnect client beside it polls with timers of its own, which a
    // fake clock would hold.
    let now = Date.now()
    let readings = 0
    const stop = startWalletConnect(core, () => (readings++, now))
    try {
      const first = await waitFor(() => core.connection.state.wcUri, 10000, 'pairing URI')
      expect(core.connection.state.wcPairingExpiry).to.equal(now + PAIRING_EXPIRY_MS)
      now += PAIRING_EXPIRY_MS - 11_000
      const before = readings
      await waitFor(() => readings > before, 5000, 'an expiry check')
      // A check that found the pairing expired would have started a new one at once.
      expect(core.connection.state.wcPairing).to.equal(false)
      expect(core.connection.state.wcUri).to.equal(first)
      now += 2_000
      const second = await waitFor(() => core.connection.state.wcUri !== first && core.connection.state.wcUri, 5000, 'new URI')
      expect(second).to.match(/^wc:/)
    } finally {
      stop()
    }
  })

  it('an unreachable relay ends in Failed to connect after the retries, with nothing connected', async () => {
    const core = make(memoryStorage(), { relayUrl: 'ws://127.0.0.1:9/relay' })
    const stop = startWalletConnect(core)
    try {
      await waitFor(() => core.connection.state.error, 25000, 'error')
      expect(core.connection.state.error?.message).to.be.oneOf(['Failed to connect', 'Request timed out'])
      expect(core.connection.state.wcUri).to.equal(undefined)
      expect(core.getAccount().isConnected).to.equal(false)
    } finally {
      stop()
    }
  })
})

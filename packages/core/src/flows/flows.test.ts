import { expect } from 'chai'
import { createCore, type Core } from '../createCore.js'
import { connectExternal } from './connect.js'
import { refreshBalance } from './accountState.js'
import { STORAGE_KEYS, STORAGE_PREFIX } from '../utils/storage.js'
import { formatBalance } from '../utils/formatBalance.js'
import type { ModalEvent } from '../controllers/EventsController.js'
import { announceDevnetWallet, createDevnetWallet, devnetNetworks, getDevnet, memoryStorage, rpc, waitFor, type DevnetInfo } from '../__fixtures__/devnet.js'

const WALLET_ID = 'dev.wallet-modal.devnet'

describe('flows on the devnet (Devnet Wallet + anvil)', () => {
  let info: DevnetInfo
  let core: Core | undefined
  let stopAnnounce: (() => void) | undefined
  let wallet: ReturnType<typeof createDevnetWallet>
  let storage: ReturnType<typeof memoryStorage>
  let events: ModalEvent['type'][]

  const setup = async (mode: 'approve' | 'reject' | 'prompt' = 'approve', extra: Record<string, unknown> = {}) => {
    wallet = createDevnetWallet({ chains: info.chains, mode })
    stopAnnounce = announceDevnetWallet(wallet, { setWindowEthereum: false })
    core = createCore({ projectId: 'test', networks: devnetNetworks(info), storage, enableInjected: false, ...extra })
    events = []
    core.subscribeEvents(e => events.push(e.type))
    await core.ready
    await waitFor(() => core!.connector.get(WALLET_ID), 3000, 'the wallet announcement')
    return core
  }

  before(async () => {
    info = await getDevnet()
  })
  beforeEach(() => {
    storage = memoryStorage()
    for (const k of Object.keys(localStorage)) if (k.startsWith('devnet-wallet')) localStorage.removeItem(k)
  })
  afterEach(() => {
    core?.destroy()
    stopAnnounce?.()
    core = undefined
  })

  it('connects: address, balance from the chain (3 decimals, truncated), storage, event, modal closed', async () => {
    const c = await setup()
    c.open()
    const address = await connectExternal(c, WALLET_ID)
    expect(address.toLowerCase()).to.equal(info.walletAccount.toLowerCase())
    const account = c.chain.state.namespaces.eip155.account
    expect(account).to.include({ status: 'connected', connectorId: WALLET_ID })
    expect(account.caipAddress).to.equal(`eip155:31337:${address}`)
    const wei = await rpc<string>(info.chains[0]!.rpcUrl, 'eth_getBalance', [address, 'latest'])
    await waitFor(() => c.chain.state.namespaces.eip155.account.balance, 5000, 'balance')
    expect(c.getAccount().balance).to.equal(formatBalance(BigInt(wei), 18))
    expect(c.getAccount().balanceSymbol).to.equal('ETH')
    expect(c.modal.state.open).to.equal(false)
    expect(events).to.include('CONNECT_SUCCESS')
    expect(JSON.parse(storage.map.get(STORAGE_PREFIX + STORAGE_KEYS.connectedConnectorId('eip155'))!).value).to.equal(WALLET_ID)
    expect(c.connection.state.recentWallets[0]!.id).to.equal(WALLET_ID)
  })

  it('keeps the native balance 30 s in its cache; a forced refresh reads the chain again', async () => {
    const c = await setup()
    const address = await connectExternal(c, WALLET_ID)
    await waitFor(() => c.getAccount().balance, 5000, 'balance')
    const before = c.getAccount().balance
    await rpc(info.chains[0]!.rpcUrl, 'anvil_setBalance', [address, '0x' + (777n * 10n ** 15n).toString(16)])
    try {
      await refreshBalance(c, 'eip155')
      expect(c.getAccount().balance).to.equal(before)
      await refreshBalance(c, 'eip155', { force: true })
      expect(c.getAccount().balance).to.equal('0.777')
    } finally {
      await rpc(info.chains[0]!.rpcUrl, 'anvil_setBalance', [address, '0x' + (10000n * 10n ** 18n).toString(16)])
    }
  })

  it("a rejection gives 'Connection rejected', keeps the view for a retry, and the retry connects", async () => {
    const c = await setup('reject')
    c.open()
    let error: unknown
    await connectExternal(c, WALLET_ID).catch(e => (error = e))
    expect(error).to.have.property('code', 'USER_REJECTED')
    expect(error).to.have.property('shortMessage', 'Connection rejected')
    expect(c.connection.state.error).to.deep.equal({ code: 'USER_REJECTED', message: 'Connection rejected' })
    expect(c.router.state.view).to.equal('ConnectingExternal')
    expect(c.chain.state.namespaces.eip155.account.status).to.equal('disconnected')
    expect(events).to.include('CONNECT_ERROR')
    wallet.setMode('approve')
    await connectExternal(c, WALLET_ID)
    expect(c.getAccount().isConnected).to.equal(true)
    expect(c.connection.state.error).to.equal(undefined)
  })

  it("an unknown connector -> 'No connector found for connection'", async () => {
    const c = await setup()
    let error: unknown
    await connectExternal(c, 'nope').catch(e => (error = e))
    expect(error).to.have.property('shortMessage', 'No connector found for connection')
  })

  it('switches network through the wallet; the balance follows the chain', async () => {
    const c = await setup()
    await connectExternal(c, WALLET_ID)
    const address = c.getAccount().address!
    await rpc(info.chains[1]!.rpcUrl, 'anvil_setBalance', [address, '0x' + (4242n * 10n ** 15n).toString(16)])
    c.open({ view: 'Networks' })
    await c.switchNetwork('eip155:31338')
    expect(await wallet.request({ method: 'eth_chainId' })).to.equal('0x7a6a')
    expect(c.getNetwork()?.caipNetworkId).to.equal('eip155:31338')
    expect(c.getAccount().caipAddress).to.equal(`eip155:31338:${address}`)
    await waitFor(() => c.getAccount().balance === '4.242', 5000, 'balance of Devnet 2')
    expect(events).to.include('SWITCH_NETWORK')
    expect(c.modal.state.open).to.equal(false)
    let error: unknown
    await c.switchNetwork('eip155:1').catch(e => (error = e))
    expect(error).to.have.property('shortMessage', 'Network not found')
  })

  it('a rejected switch goes back, says why and keeps the network', async () => {
    const c = await setup()
    await connectExternal(c, WALLET_ID)
    c.open({ view: 'Account' })
    c.router.push('Networks')
    wallet.setMode('reject')
    let error: unknown
    await c.switchNetwork('eip155:31338').catch(e => (error = e))
    expect(error).to.have.property('code', 'SWITCH_NETWORK_REJECTED')
    expect(c.router.state.view).to.equal('Networks')
    expect(c.getNetwork()?.caipNetworkId).to.equal('eip155:31337')
    await waitFor(() => c.snack.state.open && c.snack.state.message === 'Switch network rejected', 2000, 'the error banner')
  })

  it('adds an unknown chain with wallet_addEthereumChain (4902) and then switches', async () => {
    wallet = createDevnetWallet({ chains: [info.chains[0]!], mode: 'approve' })
    stopAnnounce = announceDevnetWallet(wallet, { setWindowEthereum: false })
    const c = (core = createCore({ projectId: 'test', networks: devnetNetworks(info), storage, enableInjected: false }))
    await waitFor(() => c.connector.get(WALLET_ID))
    await connectExternal(c, WALLET_ID)
    let error: unknown
    await wallet.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] }).catch(e => (error = e))
    expect(error).to.have.property('code', 4902)
    await c.switchNetwork('eip155:31338')
    expect(await wallet.request({ method: 'eth_chainId' })).to.equal('0x7a6a')
    expect(c.getNetwork()?.name).to.equal('Devnet 2')
  })

  it('a wallet moving to a network the site does not list opens UnsupportedChain; switching back closes it', async () => {
    const c = await setup()
    await connectExternal(c, WALLET_ID)
    await wallet.request({
      method: 'wallet_addEthereumChain',
      params: [{ chainId: '0x1', chainName: 'Other', rpcUrls: [info.chains[0]!.rpcUrl], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }]
    })
    await wallet.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] })
    await waitFor(() => c.router.state.view === 'UnsupportedChain' && c.modal.state.open, 3000, 'UnsupportedChain')
    expect(c.chain.isNetworkSupported()).to.equal(false)
    expect(c.getAccount().isConnected).to.equal(true)
    await c.switchNetwork('eip155:31337')
    expect(c.modal.state.open).to.equal(false)
    expect(c.chain.isNetworkSupported()).to.equal(true)
  })

  it('accountsChanged to another account updates it; to none disconnects', async () => {
    const c = await setup()
    await connectExternal(c, WALLET_ID)
    const other = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
    wallet.emit('accountsChanged', [other])
    await waitFor(() => c.getAccount().address === other, 2000, 'the new account')
    expect(events).to.include('ACCOUNT_CHANGED')
    wallet.emit('accountsChanged', [])
    await waitFor(() => c.getAccount().status === 'disconnected', 2000, 'disconnected')
    expect(events).to.include('DISCONNECT_SUCCESS')
  })

  it('disconnect clears account state and stored connection data, fires the event, closes the modal', async () => {
    const c = await setup()
    await connectExternal(c, WALLET_ID)
    c.open()
    // Account showed its Activity tab: a new connection starts again on Tokens (spec §3 currentTab).
    c.chain.setAccount('eip155', { currentTab: 1 })
    await c.disconnect()
    // Address and related data are gone; the namespace's default account type (spec §9) stays.
    expect(c.chain.state.namespaces.eip155.account).to.deep.equal({
      status: 'disconnected',
      balanceLoading: false,
      preferredAccountType: 'smartAccount',
      currentTab: 0
    })
    expect(storage.map.has(STORAGE_PREFIX + STORAGE_KEYS.connectedConnectorId('eip155'))).to.equal(false)
    expect(storage.map.has(STORAGE_PREFIX + STORAGE_KEYS.connectionStatus)).to.equal(false)
    expect(storage.map.has(STORAGE_PREFIX + STORAGE_KEYS.recentWallets)).to.equal(true)
    expect(events.filter(e => e === 'DISCONNECT_SUCCESS')).to.have.length(1)
    expect(c.modal.state.open).to.equal(false)
    expect(c.router.state.view).to.equal('Connect')
    // The wallet forgot the site too (wallet_revokePermissions).
    expect(await wallet.request({ method: 'eth_accounts' })).to.deep.equal([])
  })

  it('remembers a disconnected wallet until it connects again, and never restores it meanwhile (spec §3 stored disconnected connector ids)', async () => {
    const key = STORAGE_PREFIX + STORAGE_KEYS.disconnectedConnectorIds
    const c = await setup()
    await connectExternal(c, WALLET_ID)
    expect(storage.map.has(key)).to.equal(false)
    await c.disconnect()
    expect(JSON.parse(storage.map.get(key)!).value).to.deep.equal([WALLET_ID])
    // The wallet still lets the site in (granted again, as another tab's connect would), and
    // another tab's stale record says connected: this wallet still waits for a click.
    expect(await wallet.request({ method: 'eth_requestAccounts' })).to.have.length(1)
    const record = (value: unknown) => JSON.stringify({ value, timestamp: Date.now() })
    storage.map.set(STORAGE_PREFIX + STORAGE_KEYS.connectedConnectorId('eip155'), record(WALLET_ID))
    storage.map.set(STORAGE_PREFIX + STORAGE_KEYS.connectedNamespaces, record(['eip155']))
    storage.map.set(STORAGE_PREFIX + STORAGE_KEYS.connectionStatus, record('connected'))
    c.destroy()
    stopAnnounce?.()
    const again = await setup()
    expect(again.getAccount().status).to.equal('disconnected')
    // Connecting it again takes it off the list.
    await connectExternal(again, WALLET_ID)
    await waitFor(() => !storage.map.has(key), 3000, 'the id off the list')
  })

  it('reconnects on load from storage without a prompt', async () => {
    const first = await setup()
    await connectExternal(first, WALLET_ID)
    first.destroy()
    stopAnnounce?.()
    // A wallet that would reject any prompt: reconnecting must not prompt.
    await setup('reject')
    expect(core!.getAccount()).to.include({ status: 'connected' })
    expect(core!.getAccount().address!.toLowerCase()).to.equal(info.walletAccount.toLowerCase())
  })

  it('reconnects a connection stored before the list of namespaces was kept (its connector id alone)', async () => {
    const first = await setup()
    await connectExternal(first, WALLET_ID)
    first.destroy()
    stopAnnounce?.()
    storage.map.delete(STORAGE_PREFIX + STORAGE_KEYS.connectedNamespaces)
    expect(storage.map.has(STORAGE_PREFIX + STORAGE_KEYS.connectedConnectorId('eip155'))).to.equal(true)
    await setup('reject')
    expect(core!.getAccount()).to.include({ status: 'connected' })
    expect(core!.getAccount().address!.toLowerCase()).to.equal(info.walletAccount.toLowerCase())
  })

  it('shows the stored account as reconnecting from the first moment, before the wallet confirmed it', async () => {
    const first = await setup()
    await connectExternal(first, WALLET_ID)
    const address = first.getAccount().address!
    first.destroy()
    stopAnnounce?.()
    wallet = createDevnetWallet({ chains: info.chains, mode: 'reject' })
    core = createCore({ projectId: 'test', networks: devnetNetworks(info), storage, enableInjected: false })
    // Synchronously after creation: the button can show this address instead of 'Connect Wallet'.
    expect(core.getAccount()).to.deep.include({
      status: 'reconnecting',
      isConnected: false,
      address,
      caipAddress: `eip155:${info.chains[0]!.chainId}:${address}`
    })
    stopAnnounce = announceDevnetWallet(wallet, { setWindowEthereum: false })
    expect(await core.ready).to.equal(true)
    expect(core.getAccount()).to.include({ status: 'connected', address })
  })

  it('does not reconnect when reconnect is disabled: disconnected at start', async () => {
    const first = await setup()
    await connectExternal(first, WALLET_ID)
    first.destroy()
    stopAnnounce?.()
    const c = await setup('approve', { enableReconnect: false })
    expect(c.getAccount().status).to.equal('disconnected')
  })

  it('a wallet that forgot the site leaves the modal disconnected and storage clean', async () => {
    const first = await setup()
    await connectExternal(first, WALLET_ID)
    await wallet.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
    first.destroy()
    stopAnnounce?.()
    const c = await setup()
    expect(c.getAccount().status).to.equal('disconnected')
    expect(c.getAccount().address).to.equal(undefined)
    expect(storage.map.has(STORAGE_PREFIX + STORAGE_KEYS.connectedConnectorId('eip155'))).to.equal(false)
    expect(storage.map.has(STORAGE_PREFIX + STORAGE_KEYS.connectedAddress('eip155'))).to.equal(false)
  })

  it('ignores garbage in storage and starts clean', async () => {
    storage.setItem(STORAGE_PREFIX + STORAGE_KEYS.connectedConnectorId('eip155'), '{"value":')
    storage.setItem(STORAGE_PREFIX + STORAGE_KEYS.recentWallets, JSON.stringify({ value: [{ id: 5 }], timestamp: 1 }))
    storage.setItem(STORAGE_PREFIX + STORAGE_KEYS.activeNetwork, JSON.stringify({ value: 'eip155:999', timestamp: 1 }))
    const c = await setup()
    expect(c.getAccount().status).to.equal('disconnected')
    expect(c.connection.state.recentWallets).to.deep.equal([])
    expect(c.getNetwork()?.caipNetworkId).to.equal('eip155:31337')
  })

  it('opens Account when connected, Connect otherwise; a requested view wins; closing resets to Connect', async () => {
    const c = await setup()
    c.open()
    expect(c.router.state.view).to.equal('Connect')
    await connectExternal(c, WALLET_ID)
    c.open()
    expect(c.router.state.view).to.equal('Account')
    c.open({ view: 'Networks' })
    expect(c.router.state.view).to.equal('Networks')
    c.close()
    expect(c.router.state.view).to.equal('Connect')
  })

  it('with no adapters, ConnectingWalletConnectBasic comes before a requested view (spec §2 order); embedded closing shows Connect', async () => {
    // No adapters: no wallet is discovered, so the core is made here rather than by setup().
    const made = (extra: Record<string, unknown>) => createCore({ projectId: 'test', networks: devnetNetworks(info), storage, adapters: [], ...extra })
    const c = (core = made({ enableEmbedded: true }))
    await c.ready
    c.open({ view: 'Networks' })
    expect(c.router.state.view).to.equal('ConnectingWalletConnectBasic')
    c.close()
    // Embedded mode: Account when connected, else Connect, adapters or not.
    expect(c.router.state.view).to.equal('Connect')
    c.destroy()
    const off = (core = made({ enableWalletConnect: false }))
    await off.ready
    off.open({ view: 'Networks' })
    expect(off.router.state.view).to.equal('Networks')
  })

  it('a failing balance RPC leaves the account connected and says the balance is unavailable', async () => {
    // The site's RPC answers 500 (retried 3 times); the wallet itself talks to the real chain.
    const broken = devnetNetworks(info).map(n => ({ ...n, rpcUrls: { default: { http: [`${location.origin}/__fault?key=rpc-${Date.now()}&status=500`] } } }))
    const c = await setup('approve', { networks: broken })
    await connectExternal(c, WALLET_ID)
    await waitFor(() => c.chain.state.namespaces.eip155.account.balanceError, 5000, 'the balance error')
    expect(c.getAccount()).to.include({ status: 'connected', balance: undefined })
    expect(c.chain.state.namespaces.eip155.account.balanceError).to.equal('HTTP status code: 500')
    expect(c.chain.state.namespaces.eip155.account.balanceLoading).to.equal(false)
  })

  it('finds a wallet that announces after the modal started, and lists each wallet once', async () => {
    const c = (core = createCore({ projectId: 'test', networks: devnetNetworks(info), storage }))
    expect(c.connector.get(WALLET_ID)).to.equal(undefined)
    wallet = createDevnetWallet({ chains: info.chains, mode: 'approve' })
    stopAnnounce = announceDevnetWallet(wallet, { setWindowEthereum: false })
    await waitFor(() => c.connector.get(WALLET_ID), 2000, 'late announcement')
    expect(c.connector.state.connectors.filter(x => x.id === WALLET_ID)).to.have.length(1)
  })
})

import { expect } from 'chai'
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { createCore, type Core } from '../../createCore.js'
import { devnetNetworks, getDevnet, memoryStorage, rpc, solanaNetwork, waitFor, type DevnetInfo } from '../../__fixtures__/devnet.js'
import { installDevnetSolanaWallet, TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } from '@wallet-modal/devnet/testing'
import { createDevnetWallet, announceDevnetWallet } from '../../__fixtures__/devnet.js'
import { solanaConnectorId } from './SolanaAdapter.js'
import { TOKEN_PROGRAM_IDS } from './splTransferInstructions.js'
import { STORAGE_KEYS, STORAGE_PREFIX } from '../../utils/storage.js'

// The solana adapter against the devnet's Solana network (the runtime in-process behind JSON-RPC)
// and its 'Devnet Solana' wallet registered through the Wallet Standard in this page.
describe('Solana wallets (Wallet Standard, local Solana network)', function () {
  this.timeout(30000)
  let info: DevnetInfo
  let solana: ReturnType<typeof installDevnetSolanaWallet>
  const cores: Core[] = []
  before(async () => {
    info = await getDevnet()
    solana = installDevnetSolanaWallet({ rpcUrl: info.solana.rpcUrl, caipNetworkId: info.solana.caipNetworkId, mode: 'approve' })
  })
  const make = async (storage = memoryStorage(), extra: Partial<Parameters<typeof createCore>[0]> = {}) => {
    const core = createCore({ projectId: 'demo', networks: [...devnetNetworks(info), solanaNetwork(info)], storage, enableInjected: false, ...extra })
    cores.push(core)
    await (await import('../../flows/adapters.js')).startDiscovery(core, 'idle')
    return core
  }
  afterEach(async () => {
    solana.setMode('approve')
    for (const c of cores.splice(0)) c.destroy()
  })
  // Connects the announced EVM Devnet Wallet (the page's only announced wallet in these tests).
  const connectEvm = async (core: Core) => {
    const evm = await waitFor(() => core.connector.state.connectors.find(c => c.chain === 'eip155' && c.type === 'ANNOUNCED'), 3000, 'EVM wallet')
    await core.connect(evm.id)
  }
  const lamports = async (address: string) => (await rpc<{ value: number }>(info.solana.rpcUrl, 'getBalance', [address])).value

  it('connects Devnet Solana: the SOL balance equals the RPC’s; a signed message verifies with ed25519; SOL moves to a second account', async () => {
    const core = await make()
    const connector = await waitFor(() => core.connector.get(solanaConnectorId('Devnet Solana')), 3000, 'the Solana wallet')
    const address = await core.connect(connector.id)
    expect(address).to.equal(info.solana.walletAddress)
    expect(core.chain.state.activeNamespace).to.equal('solana')
    await waitFor(() => core.getAccount().balance, 5000, 'balance')
    const before = await lamports(address)
    const whole = BigInt(before) / 1_000_000_000n
    const milli = (BigInt(before) % 1_000_000_000n) / 1_000_000n
    expect(core.getAccount().balance).to.equal(`${whole}.${milli.toString().padStart(3, '0')}`)
    expect(core.getAccount().balanceSymbol).to.equal('SOL')

    const signature = await core.signMessage('hello solana')
    expect(ed25519.verify(base58.decode(signature), new TextEncoder().encode('hello solana'), base58.decode(address))).to.equal(true)
    expect(ed25519.verify(base58.decode(signature), new TextEncoder().encode('hello solana!'), base58.decode(address))).to.equal(false)

    const receiverBefore = await lamports(info.solana.receiverAddress)
    const sig = await core.sendNative({ to: info.solana.receiverAddress, amount: '0.01' })
    expect(base58.decode(sig).length).to.equal(64)
    await waitFor(async () => (await lamports(info.solana.receiverAddress)) === receiverBefore + 10_000_000, 5000, 'receiver credited')
    expect(await lamports(address)).to.be.lessThan(before - 10_000_000 + 1)
  })

  it('Send moves SOL through the wallet, counts it pending until confirmed; a declined signature keeps the draft', async () => {
    const { walletFeatures } = await import('../../flows/walletFeatures.js')
    const [{ sendTokens }, { sendableTokens, maxSendAmount }, { resolveReceiver }] = await Promise.all([
      import('../../flows/sendTokens.js'),
      import('../../flows/sendDraft.js'),
      import('../../flows/sendReceiver.js')
    ])
    const core = await make(memoryStorage(), { serviceUrl: info.serviceUrl })
    const connector = await waitFor(() => core.connector.get(solanaConnectorId('Devnet Solana')), 3000, 'the Solana wallet')
    await core.connect(connector.id)
    await waitFor(() => core.getAccount().balance, 5000, 'balance')
    const { fetchTokenBalances } = await import('../../flows/balances.js')
    await fetchTokenBalances(core, { force: true })
    await waitFor(() => core.blockchainApi.state.tokenBalances.length > 0, 5000, 'Solana balances')
    expect(
      core.blockchainApi.state.tokenBalances.some(t => t.symbol === 'DSPL'),
      'the service lists the SPL token'
    ).to.equal(true)
    expect(sendableTokens(core).map(t => t.symbol)).to.deep.equal(['SOL', 'DSPL'])
    const { send } = walletFeatures(core)
    send.setToken(sendableTokens(core)[0])
    await resolveReceiver(core, '0xnot-solana')
    expect(send.state.receiverError).to.equal('Invalid address')
    await resolveReceiver(core, info.solana.receiverAddress)
    expect(send.state.receiverAddress).to.equal(info.solana.receiverAddress)
    const max = Number(await maxSendAmount(core))
    expect(max)
      .to.be.greaterThan(0)
      .and.lessThan(Number(core.getAccount().balance) + 0.001)
    send.setAmount('0.02')

    solana.setMode('reject')
    const declined = await sendTokens(core).catch(e => e)
    expect(declined.shortMessage).to.equal('Signature declined')
    expect(send.state.sendTokenAmount).to.equal('0.02')
    expect(send.state.receiverAddress).to.equal(info.solana.receiverAddress)

    solana.setMode('approve')
    const before = await lamports(info.solana.receiverAddress)
    const sig = await sendTokens(core)
    expect(base58.decode(sig).length).to.equal(64)
    await waitFor(() => core.chain.state.namespaces.solana.account.pendingTransactions === 0, 10_000, 'confirmed')
    expect(await lamports(info.solana.receiverAddress)).to.equal(before + 20_000_000)
    expect(send.state.sendTokenAmount, 'draft reset').to.equal(undefined)
  })

  it('Send moves an SPL token (DSPL): the new receiver’s token account is created and holds exactly the amount; the sender’s falls by it', async () => {
    const { walletFeatures } = await import('../../flows/walletFeatures.js')
    const [{ sendTokens }, { sendableTokens, maxSendAmount }, { resolveReceiver }, { estimateSendFee }] = await Promise.all([
      import('../../flows/sendTokens.js'),
      import('../../flows/sendDraft.js'),
      import('../../flows/sendReceiver.js'),
      import('../../flows/sendFee.js')
    ])
    const { fetchTokenBalances } = await import('../../flows/balances.js')
    const core = await make(memoryStorage(), { serviceUrl: info.serviceUrl })
    const connector = await waitFor(() => core.connector.get(solanaConnectorId('Devnet Solana')), 3000, 'the Solana wallet')
    await core.connect(connector.id)
    await fetchTokenBalances(core, { force: true })
    const dspl = await waitFor(() => sendableTokens(core).find(t => t.symbol === 'DSPL'), 5000, 'DSPL among the sendable tokens')
    const mint = dspl.address!.split(':').pop()!
    // The base units an owner holds of the mint, read from the chain (0 without a token account).
    const held = async (owner: string) => {
      const r = await rpc<{ value: { account: { data: { parsed: { info: { tokenAmount: { amount: string } } } } } }[] }>(
        info.solana.rpcUrl,
        'getTokenAccountsByOwner',
        [owner, { mint }, { encoding: 'jsonParsed' }]
      )
      return r.value.reduce((sum, a) => sum + BigInt(a.account.data.parsed.info.tokenAmount.amount), 0n)
    }
    // A receiver the chain has never seen: no SOL, no token account.
    const receiver = base58.encode(ed25519.getPublicKey(ed25519.utils.randomPrivateKey()))
    const senderBefore = await held(info.solana.walletAddress)
    expect(await held(receiver)).to.equal(0n)

    const { send } = walletFeatures(core)
    send.setToken(dspl)
    expect(await maxSendAmount(core), 'a token’s Max is its whole balance').to.equal(dspl.quantity.numeric)
    await resolveReceiver(core, receiver)
    send.setAmount('12.5')
    // The receiver has no DSPL account yet: the fee includes the rent of the one the send creates.
    const rent = BigInt(await rpc<number>(info.solana.rpcUrl, 'getMinimumBalanceForRentExemption', [165]))
    expect(rent > 0n).to.equal(true)
    expect((await estimateSendFee(core))?.raw).to.equal(5_000n + rent)
    const sig = await sendTokens(core)
    expect(base58.decode(sig).length).to.equal(64)
    await waitFor(() => core.chain.state.namespaces.solana.account.pendingTransactions === 0, 10_000, 'confirmed')
    expect(await held(receiver)).to.equal(12_500_000n)
    expect(senderBefore - (await held(info.solana.walletAddress))).to.equal(12_500_000n)
    send.setToken(sendableTokens(core).find(t => t.symbol === 'DSPL')!)
    await resolveReceiver(core, receiver)
    expect((await estimateSendFee(core))?.raw, 'the account exists now: one signature').to.equal(5_000n)
    // A token account or the mint itself is no wallet: refused before the wallet is asked, draft kept.
    send.setToken(sendableTokens(core).find(t => t.symbol === 'DSPL')!)
    await resolveReceiver(core, mint)
    send.setAmount('1')
    const refused = await sendTokens(core).catch(e => e)
    expect(refused.shortMessage).to.equal('Invalid address')
    expect(send.state.error).to.equal('Invalid address')
    expect(send.state.sendTokenAmount).to.equal('1')
    expect(await held(receiver)).to.equal(12_500_000n)
    // Sending again finds the receiver's account in place (the creation is idempotent).
    await resolveReceiver(core, receiver)
    send.setAmount('0.000001')
    await sendTokens(core)
    await waitFor(async () => (await held(receiver)) === 12_500_001n, 10_000, 'second transfer')
  })

  it('signs in with Solana (CAIP-122 message, ed25519) through the session service, which keeps the session', async () => {
    const { createServiceSIWX } = await import('../../siwx/createServiceSIWX.js')
    const { signIn } = await import('../../flows/signIn.js')
    const siwx = createServiceSIWX({ serviceUrl: info.serviceUrl, projectId: 'demo', storage: memoryStorage() })
    const core = await make(memoryStorage(), { serviceUrl: info.serviceUrl, siwx })
    const connector = await waitFor(() => core.connector.get(solanaConnectorId('Devnet Solana')), 3000, 'the Solana wallet')
    await core.connect(connector.id)
    await waitFor(() => core.modal.state.open && core.router.state.view === 'SIWXSignMessage', 5000, 'SIWXSignMessage')
    await signIn(core)
    const [session] = await siwx.getSessions(info.solana.caipNetworkId, info.solana.walletAddress)
    expect(session?.message.split('\n')[0]).to.equal(`${location.host} wants you to sign in with your Solana account:`)
    expect(ed25519.verify(base58.decode(session!.signature), new TextEncoder().encode(session!.message), base58.decode(info.solana.walletAddress))).to.equal(
      true
    )
    const listed = await (
      await fetch(new URL(`/v1/sessions/${info.solana.walletAddress}?projectId=demo&st=test&sv=test&chainId=${info.solana.caipNetworkId}`, info.serviceUrl), {
        headers: { authorization: `Bearer ${session!.token}` }
      })
    ).json()
    expect(listed.sessions.map((s: { id: string }) => s.id)).to.include(session!.id)
  })

  it('a declined connect shows Connection rejected; an unknown receiver is refused before the wallet is asked', async () => {
    const core = await make()
    const connector = await waitFor(() => core.connector.get(solanaConnectorId('Devnet Solana')), 3000, 'the Solana wallet')
    solana.setMode('reject')
    const err = await core.connect(connector.id).catch(e => e)
    expect(err.code).to.equal('USER_REJECTED')
    expect(core.connection.state.error?.message).to.equal('Connection rejected')
    expect(core.chain.state.namespaces.solana.account.status).to.equal('disconnected')
  })

  it('connected on eip155, switching to the Solana network opens SwitchActiveChain; connecting there keeps both; reload restores both; disconnect clears both with the events in order', async () => {
    const storage = memoryStorage()
    const stop = announceDevnetWallet(createDevnetWallet({ chains: info.chains, mode: 'approve', account: info.walletAccount as `0x${string}` }))
    try {
      const core = await make(storage)
      await connectEvm(core)
      core.open()
      await core.switchNetwork(solanaNetwork(info).caipNetworkId!)
      expect(core.router.state.view).to.equal('SwitchActiveChain')
      expect(core.router.state.data?.network?.chainNamespace).to.equal('solana')
      await core.connect(solanaConnectorId('Devnet Solana'))
      expect(core.chain.state.namespaces.eip155.account.status).to.equal('connected')
      expect(core.chain.state.namespaces.solana.account.status).to.equal('connected')
      expect(core.chain.state.activeNamespace).to.equal('solana')

      core.destroy()
      const again = await make(storage)
      expect(await again.ready).to.equal(true)
      expect(again.chain.state.namespaces.eip155.account.address?.toLowerCase()).to.equal(info.walletAccount.toLowerCase())
      expect(again.chain.state.namespaces.solana.account.address).to.equal(info.solana.walletAddress)
      expect(again.chain.state.activeNamespace).to.equal('solana')

      const events: { type: string; data?: unknown }[] = []
      again.subscribeEvents(e => events.push(e))
      await again.disconnect({ namespace: 'solana' })
      expect(again.chain.state.namespaces.solana.account.status).to.equal('disconnected')
      expect(again.chain.state.activeNamespace).to.equal('eip155')
      expect(events.map(e => e.type)).to.deep.equal(['ACCOUNT_CHANGED'])
      await again.disconnect()
      expect(again.chain.isConnected()).to.equal(false)
      expect(events.map(e => e.type)).to.include('DISCONNECT_SUCCESS')
    } finally {
      stop?.()
    }
  })

  it('restores a Solana connection stored before the list of namespaces was kept (its connector id alone)', async () => {
    const storage = memoryStorage()
    const core = await make(storage)
    await core.connect(solanaConnectorId('Devnet Solana'))
    core.destroy()
    storage.map.delete(STORAGE_PREFIX + STORAGE_KEYS.connectedNamespaces)
    expect(storage.map.has(STORAGE_PREFIX + STORAGE_KEYS.connectedConnectorId('solana'))).to.equal(true)
    const again = await make(storage)
    expect(await again.ready).to.equal(true)
    expect(again.chain.state.namespaces.solana.account.address).to.equal(info.solana.walletAddress)
  })

  it('with browser wallets turned off (adapters: []), a stored extension connection is not restored', async () => {
    const storage = memoryStorage()
    const stop = announceDevnetWallet(createDevnetWallet({ chains: info.chains, mode: 'approve', account: info.walletAccount as `0x${string}` }))
    try {
      const core = await make(storage)
      await connectEvm(core)
      core.destroy()
      const again = await make(storage, { adapters: [] })
      await again.ready
      expect(again.chain.state.namespaces.eip155.account.status).to.equal('disconnected')
      expect(
        again.connector.state.connectors.some(c => c.type === 'ANNOUNCED'),
        'no wallet discovery'
      ).to.equal(false)
    } finally {
      stop?.()
    }
  })

  it('the namespace filter hides Solana wallets from the visible connectors', async () => {
    const core = await make()
    await waitFor(() => core.connector.get(solanaConnectorId('Devnet Solana')), 3000, 'the Solana wallet')
    const visible = () => core.connector.visible([], { mobile: false, injectedInstalled: false }).map(c => c.chain)
    expect(visible()).to.include('solana')
    core.setNamespaceFilter(['eip155', 'bip122'])
    expect(visible()).to.not.include('solana')
    core.setNamespaceFilter(undefined)
    expect(visible()).to.include('solana')
  })
})

describe('SPL token program ids', () => {
  // One list in three packages; the server's test (chain/readSolanaBalances.test.ts) checks the
  // server's and the devnet's against @solana/spl-token, this one the core's against the devnet's.
  it("are the devnet's: SPL Token, then Token-2022", () => {
    expect([...TOKEN_PROGRAM_IDS]).to.deep.equal([TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID])
  })
})

// Multi-wallet on the devnet (spec §1, §4): two EVM wallets at once (the Devnet Wallet, announced,
// and a second Devnet Wallet on another anvil account handed over as the site's connector). The
// replaced wallet is kept 'connected' and no longer followed; switching back needs no prompt and
// names the account in an account-change event; a reload restores the active one and lists both;
// disconnecting the active one hands over to the other (account-change), the last one disconnects;
// a stored status of another kind is 'Invalid connection status'. Off, one wallet per namespace
// and the entry shows 'Multi-Wallet Not Enabled'.
import { expect } from 'chai'
import { createCore, type Core } from '../createCore.js'
import type { ModalEvent } from '../controllers/EventsController.js'
import { STORAGE_KEYS, STORAGE_PREFIX } from '../utils/storage.js'
import { connectExternal } from './connect.js'
import { disconnectConnection, switchConnection } from './multiWallet.js'
import { multiWalletState, openProfileWallets } from './storedConnections.js'
import { announceDevnetWallet, createDevnetWallet, devnetNetworks, getDevnet, memoryStorage, waitFor, type DevnetInfo } from '../__fixtures__/devnet.js'

const ANNOUNCED = 'dev.wallet-modal.devnet'
const SDK = 'second-wallet'
const SECOND_ACCOUNT = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'

describe('multi-wallet (several wallets per namespace)', () => {
  let info: DevnetInfo
  let core: Core | undefined
  let stopAnnounce: (() => void) | undefined
  let storage: ReturnType<typeof memoryStorage>
  // Each wallet keeps its permission over a reload, as an extension does.
  let walletStorage: [ReturnType<typeof memoryStorage>, ReturnType<typeof memoryStorage>]
  let events: ModalEvent[]
  before(async () => {
    info = await getDevnet()
  })
  beforeEach(() => {
    storage = memoryStorage()
    walletStorage = [memoryStorage(), memoryStorage()]
  })
  afterEach(() => {
    core?.destroy()
    stopAnnounce?.()
    core = undefined
  })

  const start = async (multiWallet: boolean) => {
    stopAnnounce?.()
    stopAnnounce = announceDevnetWallet(createDevnetWallet({ chains: info.chains, mode: 'approve', storage: walletStorage[0] }), { setWindowEthereum: false })
    core = createCore({
      projectId: 'test',
      networks: devnetNetworks(info),
      storage,
      enableInjected: false,
      features: { multiWallet },
      connectors: [
        {
          id: SDK,
          name: 'Second Wallet',
          provider: createDevnetWallet({ chains: info.chains, mode: 'approve', storage: walletStorage[1], account: SECOND_ACCOUNT })
        }
      ]
    })
    events = []
    core.subscribeEvents(e => events.push(e))
    await waitFor(() => core!.connector.get(ANNOUNCED) && core!.connector.get(SDK), 3000, 'both wallets')
    return core
  }
  const statuses = (c: Core) => multiWalletState(c).connections.eip155.map(x => `${x.connectorId}:${x.status}`)
  /** Waits until the stored connections read `expected` (they are written just after a connection lands). */
  const expectStatuses = (c: Core, expected: string[]) =>
    waitFor(() => JSON.stringify(statuses(c)) === JSON.stringify(expected), 3000, `stored connections ${expected.join(', ')} (have ${statuses(c).join(', ')})`)
  const address = (c: Core) => c.getAccount('eip155').address?.toLowerCase()

  it('keeps the replaced wallet connected, switches back without a prompt, survives a reload, hands over on disconnect', async () => {
    let c = await start(true)
    await connectExternal(c, ANNOUNCED)
    await connectExternal(c, SDK)
    expect(address(c)).to.equal(SECOND_ACCOUNT.toLowerCase())
    await expectStatuses(c, [`${ANNOUNCED}:connected`, `${SDK}:active`])
    expect(c.runtime.unlisten.has(ANNOUNCED), 'the replaced wallet is no longer followed').to.equal(false)

    events.length = 0
    await switchConnection(c, 'eip155', ANNOUNCED)
    expect(address(c)).to.equal(info.walletAccount.toLowerCase())
    await expectStatuses(c, [`${SDK}:connected`, `${ANNOUNCED}:active`])
    expect(events.filter(e => e.type === 'ACCOUNT_CHANGED').map(e => (e.data as { address: string }).address.toLowerCase())).to.deep.equal([
      info.walletAccount.toLowerCase()
    ])
    expect(c.runtime.unlisten.has(SDK)).to.equal(false)
    expect(c.runtime.unlisten.has(ANNOUNCED)).to.equal(true)

    // A reload: the active wallet is restored, both are listed.
    c.destroy()
    c = core = await start(true)
    expect(await c.ready).to.equal(true)
    expect(address(c)).to.equal(info.walletAccount.toLowerCase())
    await expectStatuses(c, [`${SDK}:connected`, `${ANNOUNCED}:active`])

    // Disconnecting the active one: the other takes over (account-change), then the last disconnects.
    events.length = 0
    await disconnectConnection(c, 'eip155', ANNOUNCED)
    expect(address(c)).to.equal(SECOND_ACCOUNT.toLowerCase())
    await expectStatuses(c, [`${SDK}:active`])
    expect(events.map(e => e.type)).to.include('ACCOUNT_CHANGED')
    expect(events.map(e => e.type)).to.not.include('DISCONNECT_SUCCESS')
    await disconnectConnection(c, 'eip155', SDK)
    expect(c.getAccount('eip155').status).to.equal('disconnected')
    await expectStatuses(c, [])
    expect(events.map(e => e.type)).to.include('DISCONNECT_SUCCESS')
    expect(storage.map.has(STORAGE_PREFIX + STORAGE_KEYS.connections('eip155'))).to.equal(false)
  })

  it("a disconnected connection logs in again; any other stored status is 'Invalid connection status'", async () => {
    const c = await start(true)
    await connectExternal(c, ANNOUNCED)
    await connectExternal(c, SDK)
    await expectStatuses(c, [`${ANNOUNCED}:connected`, `${SDK}:active`])
    multiWalletState(c).connections.eip155 = multiWalletState(c).connections.eip155.map(x =>
      x.connectorId === ANNOUNCED ? { ...x, status: 'disconnected' as const } : x
    )
    await switchConnection(c, 'eip155', ANNOUNCED)
    expect(address(c)).to.equal(info.walletAccount.toLowerCase())
    await expectStatuses(c, [`${SDK}:connected`, `${ANNOUNCED}:active`])
    multiWalletState(c).connections.eip155 = multiWalletState(c).connections.eip155.map(x => (x.connectorId === SDK ? { ...x, status: 'pending' as never } : x))
    let error: unknown
    await switchConnection(c, 'eip155', SDK).catch(e => (error = e))
    expect(error).to.include({ code: 'INVALID_CONNECTION_STATUS', shortMessage: 'Invalid connection status' })
    expect(address(c)).to.equal(info.walletAccount.toLowerCase())
  })

  it("off: one wallet per namespace, and the entry shows 'Multi-Wallet Not Enabled'", async () => {
    const c = await start(false)
    await connectExternal(c, ANNOUNCED)
    await connectExternal(c, SDK)
    await expectStatuses(c, [`${SDK}:active`])
    c.open()
    openProfileWallets(c)
    expect(c.router.state.view).to.equal('Account')
    expect(c.alert.state.code).to.equal('MULTI_WALLET_NOT_ENABLED')
  })
})

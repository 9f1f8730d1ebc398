import { expect } from 'chai'
import { createCore, type Core } from '../../createCore.js'
import { devnetNetworks, getDevnet, memoryStorage, waitFor } from '../../__fixtures__/devnet.js'
import { installDevnetBitcoinWallet, verifyBitcoinMessage, DEVNET_BITCOIN_REGTEST_ADDRESSES } from '@wallet-modal/devnet/testing'
import { BITCOIN_NETWORKS } from './bitcoinNetworks.js'
import type { NetworkInput } from '../../types/network.js'

// The bip122 adapter through real sats-connect against the devnet's Bitcoin wallet (installed in
// this page where sats-connect looks: window.btc_providers and its own global).
const REGTEST: NetworkInput = {
  id: BITCOIN_NETWORKS.regtest!.split(':')[1]!,
  caipNetworkId: BITCOIN_NETWORKS.regtest as `${string}:${string}`,
  chainNamespace: 'bip122',
  name: 'Bitcoin Regtest',
  nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 }
}

describe('Bitcoin wallets (sats-connect, devnet Bitcoin wallet)', function () {
  this.timeout(20000)
  const cores: Core[] = []
  const make = async (storage = memoryStorage()) => {
    const info = await getDevnet()
    const core = createCore({ projectId: 'demo', networks: [...devnetNetworks(info), REGTEST], storage, enableEIP6963: false, enableInjected: false })
    cores.push(core)
    await (await import('../../flows/adapters.js')).startDiscovery(core, 'idle')
    return core
  }
  afterEach(() => {
    for (const c of cores.splice(0)) c.destroy()
    localStorage.clear()
  })

  it('lists the wallet, connects the payment and ordinal accounts, signs a message that verifies, restores on reload, disconnects', async () => {
    const wallet = installDevnetBitcoinWallet({ network: 'Regtest', mode: 'approve', storage: null })
    const storage = memoryStorage()
    const core = await make(storage)
    const connector = await waitFor(
      () => core.connector.state.connectors.find(c => c.chain === 'bip122' && c.name === 'Devnet Bitcoin'),
      3000,
      'the Bitcoin wallet'
    )
    const address = await core.connect(connector.id)
    expect(address).to.equal(DEVNET_BITCOIN_REGTEST_ADDRESSES.payment)
    const acc = core.chain.state.namespaces.bip122.account
    expect(acc.status).to.equal('connected')
    expect(acc.caipAddress).to.equal(`${BITCOIN_NETWORKS.regtest}:${DEVNET_BITCOIN_REGTEST_ADDRESSES.payment}`)
    expect(acc.bitcoinAccounts?.map(a => [a.type, a.address])).to.deep.equal([
      ['payment', DEVNET_BITCOIN_REGTEST_ADDRESSES.payment],
      ['ordinal', DEVNET_BITCOIN_REGTEST_ADDRESSES.ordinals]
    ])
    expect(core.chain.state.activeNamespace).to.equal('bip122')
    expect(acc.balance).to.equal(undefined)

    const signature = await core.signMessage('hello bitcoin')
    expect(await verifyBitcoinMessage({ address, message: 'hello bitcoin', signature, network: 'Regtest' })).to.equal(true)
    expect(await verifyBitcoinMessage({ address, message: 'hello bitcoin!', signature, network: 'Regtest' })).to.equal(false)

    core.destroy()
    const again = await make(storage)
    expect(await again.ready).to.equal(true)
    expect(again.chain.state.namespaces.bip122.account.address).to.equal(address)

    // The wallet ends the connection itself: its 'disconnect' event reaches the modal.
    const events: string[] = []
    again.subscribeEvents(e => events.push(e.type))
    // Listeners attach once sats-connect's chunk has resolved, a moment after the restore. The
    // wallet says whether anybody heard its 'disconnect' (before that, nobody did: nothing happens).
    await waitFor(() => wallet.emit({ type: 'disconnect' }), 3000, 'the modal listening to the wallet')
    await waitFor(() => again.chain.state.namespaces.bip122.account.status === 'disconnected', 3000, 'disconnected by the wallet')
    expect(events).to.include('DISCONNECT_SUCCESS')
    wallet.reset?.()
  })

  it('signs in with Bitcoin through the session service: the CAIP-122 message is signed with BIP-322, verified and kept by the server', async () => {
    installDevnetBitcoinWallet({ network: 'Regtest', mode: 'approve', storage: null })
    const { createServiceSIWX } = await import('../../siwx/createServiceSIWX.js')
    const { signIn } = await import('../../flows/signIn.js')
    const info = await getDevnet()
    const siwx = createServiceSIWX({ serviceUrl: info.serviceUrl, projectId: 'demo', storage: memoryStorage() })
    const core = createCore({
      projectId: 'demo',
      networks: [...devnetNetworks(info), REGTEST],
      storage: memoryStorage(),
      enableEIP6963: false,
      enableInjected: false,
      siwx
    })
    cores.push(core)
    await (await import('../../flows/adapters.js')).startDiscovery(core, 'idle')
    const connector = await waitFor(
      () => core.connector.state.connectors.find(c => c.chain === 'bip122' && c.name === 'Devnet Bitcoin'),
      3000,
      'the Bitcoin wallet'
    )
    await core.connect(connector.id)
    await waitFor(() => core.modal.state.open && core.router.state.view === 'SIWXSignMessage', 5000, 'SIWXSignMessage')
    await signIn(core)
    const [session] = await siwx.getSessions(BITCOIN_NETWORKS.regtest!, DEVNET_BITCOIN_REGTEST_ADDRESSES.payment)
    expect(session?.message.split('\n')[0]).to.equal(`${location.host} wants you to sign in with your Bitcoin account:`)
    expect(
      await verifyBitcoinMessage({
        address: DEVNET_BITCOIN_REGTEST_ADDRESSES.payment,
        message: session!.message,
        signature: session!.signature,
        network: 'Regtest'
      })
    ).to.equal(true)
    expect(core.modal.state.open).to.equal(false)
    const address = DEVNET_BITCOIN_REGTEST_ADDRESSES.payment
    // The session's token lists it on the server.
    const list = () =>
      fetch(new URL(`/v1/sessions/${address}?projectId=demo&st=test&sv=test&chainId=${BITCOIN_NETWORKS.regtest}`, info.serviceUrl), {
        headers: { authorization: `Bearer ${session!.token}` }
      })
    const listed = await (await list()).json()
    expect(listed.sessions.map((s: { id: string }) => s.id)).to.include(session!.id)
    // Signing out revokes it on the server too: the token stops working.
    await siwx.setSessions([])
    expect((await list()).status).to.equal(401)
  })

  it('a wallet on none of the site’s Bitcoin networks -> the spec’s error; a declined request -> Connection rejected', async () => {
    installDevnetBitcoinWallet({
      providerId: 'MainnetOnlyProvider',
      name: 'Mainnet Only',
      network: 'Mainnet',
      supportedNetworks: ['Mainnet'],
      mode: 'approve',
      storage: null
    } as never)
    const rejecting = installDevnetBitcoinWallet({
      providerId: 'RejectingProvider',
      name: 'Rejecting',
      network: 'Regtest',
      mode: 'reject',
      storage: null
    } as never)
    const core = await make()
    const mainnetOnly = await waitFor(() => core.connector.state.connectors.find(c => c.name === 'Mainnet Only'), 3000, 'wallet')
    let err = await core.connect(mainnetOnly.id).catch(e => e)
    expect(err.message).to.contain('The connector does not support any of the requested chains')
    expect(core.connection.state.error?.message).to.equal('The connector does not support any of the requested chains')
    expect(core.chain.state.namespaces.bip122.account.status).to.equal('disconnected')
    const rej = await waitFor(() => core.connector.state.connectors.find(c => c.name === 'Rejecting'), 3000, 'wallet')
    err = await core.connect(rej.id).catch(e => e)
    expect(core.connection.state.error?.message).to.equal('Connection rejected')
    expect(err.code).to.equal('USER_REJECTED')
    rejecting.reset?.()
  })
})

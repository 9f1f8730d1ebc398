// Spec §3's connector ids for Coinbase Wallet and OKX as announced extensions, and the restore of a
// connection stored under the wallet's rdns by an earlier version (nobody is logged out).
import { expect } from 'chai'
import { createCore } from '../createCore.js'
import { connectExternal } from '../flows/connect.js'
import { multiWalletState } from '../flows/storedConnections.js'
import { STORAGE_KEYS, STORAGE_PREFIX } from '../utils/storage.js'
import { createDevnetWallet, devnetNetworks, getDevnet, memoryStorage, waitFor } from '../__fixtures__/devnet.js'
import type { Eip1193Provider } from '../types/connector.js'
import { announcedConnector } from './eip155/discovery.js'
import { announcedConnectorId, COINBASE_WALLET_CONNECTOR_ID, currentConnectorId, OKX_CONNECTOR_ID } from './connectorIds.js'

const ICON = 'data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E'

/** Announces `provider` as an EIP-6963 wallet with this rdns and name (both orders of discovery). */
function announce(provider: Eip1193Provider, rdns: string, name: string): () => void {
  const detail = Object.freeze({ info: Object.freeze({ uuid: crypto.randomUUID(), name, icon: ICON, rdns }), provider })
  const send = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  window.addEventListener('eip6963:requestProvider', send)
  send()
  return () => window.removeEventListener('eip6963:requestProvider', send)
}

describe('well-known connector ids (spec §3: coinbaseWallet, okx)', () => {
  it('gives Coinbase Wallet and OKX their spec ids and keeps every other wallet under its rdns', () => {
    expect(announcedConnectorId('com.coinbase.wallet')).to.equal(COINBASE_WALLET_CONNECTOR_ID)
    expect(announcedConnectorId('com.okex.wallet')).to.equal(OKX_CONNECTOR_ID)
    expect(announcedConnectorId('io.metamask')).to.equal('io.metamask')
    expect(announcedConnectorId('constructor')).to.equal('constructor')
    const provider = { request: async () => null }
    const okx = announcedConnector({ uuid: 'u', name: 'OKX Wallet', icon: ICON, rdns: 'com.okex.wallet' }, provider)
    // The rdns stays the wallet's: exclusions and the directory's entry still match it.
    expect(okx).to.deep.include({ id: 'okx', name: 'OKX Wallet', type: 'ANNOUNCED', imageUrl: ICON, info: { rdns: 'com.okex.wallet', uuid: 'u' } })
    expect(currentConnectorId('COM.COINBASE.WALLET')).to.equal('coinbaseWallet')
    expect(currentConnectorId('walletConnect')).to.equal('walletConnect')
  })

  it('restores a connection an earlier version stored under com.coinbase.wallet, as coinbaseWallet, listed once', async () => {
    const info = await getDevnet()
    const walletStorage = memoryStorage()
    const stop = announce(createDevnetWallet({ chains: info.chains, mode: 'approve', storage: walletStorage }), 'com.coinbase.wallet', 'Coinbase Wallet')
    const storage = memoryStorage()
    const options = {
      projectId: 'test',
      networks: devnetNetworks(info),
      storage,
      enableInjected: false,
      enableWalletConnect: false,
      features: { multiWallet: true }
    }
    let core = createCore(options)
    try {
      await waitFor(() => core.connector.get(COINBASE_WALLET_CONNECTOR_ID), 3000, 'the Coinbase announcement')
      await connectExternal(core, COINBASE_WALLET_CONNECTOR_ID)
      await waitFor(() => multiWalletState(core).connections.eip155.length === 1, 3000, 'the stored connection')
      core.destroy()
      // What the earlier version wrote: the rdns as the connector id.
      const key = (k: string) => STORAGE_PREFIX + k
      const rewrite = (k: string) => storage.map.set(key(k), storage.map.get(key(k))!.replaceAll('coinbaseWallet', 'com.coinbase.wallet'))
      rewrite(STORAGE_KEYS.connectedConnectorId('eip155'))
      rewrite(STORAGE_KEYS.connections('eip155'))
      expect(storage.map.get(key(STORAGE_KEYS.connectedConnectorId('eip155')))).to.contain('com.coinbase.wallet')

      core = createCore(options)
      expect(await core.ready).to.equal(true)
      expect(core.getAccount('eip155').address?.toLowerCase()).to.equal(info.walletAccount.toLowerCase())
      expect(core.chain.state.namespaces.eip155.account.connectorId).to.equal(COINBASE_WALLET_CONNECTOR_ID)
      await waitFor(
        () => JSON.stringify(multiWalletState(core).connections.eip155.map(c => `${c.connectorId}:${c.status}`)) === JSON.stringify(['coinbaseWallet:active']),
        3000,
        'one stored connection, under the new id'
      )
    } finally {
      core.destroy()
      stop()
    }
  })
})

// The `coinbaseWalletSDK` option: when the row is offered, and a whole connection through the
// modal's eip155 adapter with the real SDK and the stand-in for Coinbase's popup
// (__fixtures__/coinbaseKeys), then a disconnect that ends the SDK's session.
import { expect } from 'chai'
import { createCore } from '../../../createCore.js'
import { connectExternal } from '../../../flows/connect.js'
import { STORAGE_KEYS, STORAGE_PREFIX } from '../../../utils/storage.js'
import { TEST_NETWORKS } from '../../../__fixtures__/networks.js'
import { devnetNetworks, getDevnet, memoryStorage, waitFor } from '../../../__fixtures__/devnet.js'
import type { Connector } from '../../../types/connector.js'
import { COINBASE_SDK_CONNECTOR_ID } from '../../connectorIds.js'
import { COINBASE_ICON, watchCoinbaseSdk } from './watchCoinbaseSdk.js'

const SITE = { metadata: { name: 'Coinbase test dapp', icons: ['http://insecure.example/logo.png', 'https://dapp.example/logo.png'] }, networks: TEST_NETWORKS }
const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/** Runs `fn` with console.error recorded. */
function withErrors<T>(fn: () => T): { result: T; errors: string[] } {
  const errors: string[] = []
  const saved = console.error
  console.error = (...a: unknown[]) => void errors.push(a.map(String).join(' '))
  try {
    return { result: fn(), errors }
  } finally {
    console.error = saved
  }
}

describe('watchCoinbaseSdk (the coinbaseWalletSDK option, spec §3 connector id coinbaseWalletSDK)', () => {
  const w = window as { coinbaseWalletExtension?: unknown; ethereum?: unknown }
  const saved = { extension: w.coinbaseWalletExtension, ethereum: w.ethereum }
  afterEach(() => {
    w.coinbaseWalletExtension = saved.extension
    w.ethereum = saved.ethereum
  })

  it('offers "Coinbase Wallet" as an external connector with its own icon and Coinbase rdns', () => {
    const added: Connector[] = []
    expect(watchCoinbaseSdk(c => added.push(c), true, SITE)).to.equal(true)
    expect(added).to.have.length(1)
    expect(added[0]).to.deep.include({
      id: COINBASE_SDK_CONNECTOR_ID,
      name: 'Coinbase Wallet',
      type: 'EXTERNAL',
      chain: 'eip155',
      imageUrl: COINBASE_ICON,
      info: { rdns: 'com.coinbase.wallet' }
    })
    expect(typeof added[0]!.provider?.request).to.equal('function')
  })

  it('is not offered where a Coinbase wallet is installed (the SDK would hand back that wallet) or when off', () => {
    const added: Connector[] = []
    w.coinbaseWalletExtension = { request: async () => null }
    expect(watchCoinbaseSdk(c => added.push(c), true, SITE)).to.equal(false)
    w.coinbaseWalletExtension = undefined
    w.ethereum = { isCoinbaseBrowser: true, request: async () => null }
    expect(watchCoinbaseSdk(c => added.push(c), true, SITE)).to.equal(false)
    w.ethereum = saved.ethereum
    expect(watchCoinbaseSdk(c => added.push(c), false, SITE)).to.equal(false)
    expect(added).to.have.length(0)
  })

  it('refuses a malformed option on the console, and a popup address that is not https (http only on loopback)', () => {
    for (const bad of ['yes', { options: 'everything' }, { keysUrl: 'http://keys.evil.example/connect' }, { keysUrl: 'javascript:alert(1)' }, { other: 1 }]) {
      const added: Connector[] = []
      const { result, errors } = withErrors(() => watchCoinbaseSdk(c => added.push(c), bad, SITE))
      expect(result, JSON.stringify(bad)).to.equal(false)
      expect(added).to.have.length(0)
      expect(errors.join('\n')).to.match(/coinbaseWalletSDK/)
    }
    for (const good of [{ keysUrl: 'https://keys-dev.coinbase.com/connect' }, { keysUrl: 'http://127.0.0.1:8000/connect', options: 'eoaOnly' as const }]) {
      expect(
        watchCoinbaseSdk(() => {}, good, SITE),
        JSON.stringify(good)
      ).to.equal(true)
    }
  })

  it('connects through the modal with the real SDK and the popup stand-in, restores, and a disconnect ends the SDK session', async () => {
    for (const k of Object.keys(localStorage)) if (/^-CBWSDK|^-walletlink|^cbwsdk\.|^coinbase-keys-stand-in/.test(k)) localStorage.removeItem(k)
    const info = await getDevnet()
    const keysUrl = new URL('../../../__fixtures__/coinbaseKeys/standIn.html?mode=approve&chainId=31337', import.meta.url).href
    const storage = memoryStorage()
    const options = {
      projectId: 'test',
      networks: devnetNetworks(info),
      storage,
      enableInjected: false,
      enableEIP6963: false,
      enableWalletConnect: false,
      coinbaseWalletSDK: { keysUrl }
    }
    let core = createCore(options)
    try {
      await waitFor(() => core.connector.get(COINBASE_SDK_CONNECTOR_ID), 5000, 'the Coinbase Wallet SDK connector')
      const address = await connectExternal(core, COINBASE_SDK_CONNECTOR_ID)
      expect(address.toLowerCase()).to.equal(ACCOUNT.toLowerCase())
      expect(core.getAccount('eip155')).to.include({ status: 'connected' })
      expect(core.chain.state.namespaces.eip155.account.connectorId).to.equal(COINBASE_SDK_CONNECTOR_ID)
      expect(JSON.parse(storage.map.get(STORAGE_PREFIX + STORAGE_KEYS.connectedConnectorId('eip155'))!).value).to.equal(COINBASE_SDK_CONNECTOR_ID)

      // A reload: the SDK's session is restored without a popup.
      core.destroy()
      core = createCore(options)
      expect(await core.ready).to.equal(true)
      await waitFor(() => core.getAccount('eip155').status === 'connected', 5000, 'the restored account')
      expect(core.getAccount('eip155').address?.toLowerCase()).to.equal(ACCOUNT.toLowerCase())

      await core.disconnect()
      expect(core.getAccount('eip155').status).to.equal('disconnected')
      expect(Object.keys(localStorage).some(k => k.startsWith('-CBWSDK:SignerConfigurator'))).to.equal(false)
    } finally {
      core.destroy()
    }
  })
})

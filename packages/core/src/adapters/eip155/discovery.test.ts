import { expect } from 'chai'
import { createCore } from '../../createCore.js'
import { announcedConnector, injectedConnector } from './discovery.js'
import { announceDevnetWallet, createDevnetWallet, devnetNetworks, getDevnet, memoryStorage, waitFor } from '../../__fixtures__/devnet.js'

describe('eip155 discovery', () => {
  const saved = (window as { ethereum?: unknown }).ethereum
  afterEach(() => {
    ;(window as { ethereum?: unknown }).ethereum = saved
  })

  it('lists a wallet that only sits at window.ethereum as the injected connector, named from its flags', async () => {
    const info = await getDevnet()
    const wallet = createDevnetWallet({ chains: info.chains, mode: 'approve', storage: null })
    ;(window as { ethereum?: unknown }).ethereum = wallet
    const core = createCore({ projectId: 't', networks: devnetNetworks(info), storage: memoryStorage(), enableWalletConnect: false })
    try {
      const c = await waitFor(() => core.connector.get('injected'))
      expect(c).to.include({ name: 'Devnet Wallet', type: 'INJECTED', chain: 'eip155' })
      expect(core.connector.visible([], { mobile: false, injectedInstalled: true }).map(x => x.id)).to.deep.equal(['injected'])
    } finally {
      core.destroy()
    }
  })

  it('lists a wallet that announces and also sits at window.ethereum once, as announced', async () => {
    const info = await getDevnet()
    const wallet = createDevnetWallet({ chains: info.chains, mode: 'approve', storage: null })
    const stop = announceDevnetWallet(wallet, { setWindowEthereum: true })
    const core = createCore({ projectId: 't', networks: devnetNetworks(info), storage: memoryStorage(), enableWalletConnect: false })
    try {
      await waitFor(() => core.connector.get('dev.wallet-modal.devnet'))
      expect(core.connector.state.connectors.map(c => c.id)).to.deep.equal(['dev.wallet-modal.devnet'])
    } finally {
      core.destroy()
      stop()
    }
  })

  it('withdraws the injected entry when the wallet at window.ethereum announces itself later', async () => {
    const info = await getDevnet()
    const wallet = createDevnetWallet({ chains: info.chains, mode: 'approve', storage: null })
    ;(window as { ethereum?: unknown }).ethereum = wallet
    const core = createCore({ projectId: 't', networks: devnetNetworks(info), storage: memoryStorage(), enableWalletConnect: false })
    let stop = () => {}
    try {
      await waitFor(() => core.connector.get('injected'))
      stop = announceDevnetWallet(wallet, { setWindowEthereum: true })
      await waitFor(() => core.connector.get('dev.wallet-modal.devnet'))
      expect(core.connector.state.connectors.map(c => c.id)).to.deep.equal(['dev.wallet-modal.devnet'])
    } finally {
      core.destroy()
      stop()
    }
  })

  it('ignores malformed announcements and drops non-data icons', () => {
    const provider = { request: async () => null }
    const c = announcedConnector({ uuid: 'u', name: ' X ', icon: 'https://tracker.example/pixel.png', rdns: 'x.y' }, provider)
    expect(c.imageUrl).to.equal(undefined)
    expect(c.name).to.equal('X')
    const core = createCore({
      projectId: 't',
      networks: [{ id: 1, name: 'E', nativeCurrency: { name: 'E', symbol: 'E', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:1'] } } }],
      storage: memoryStorage(),
      enableInjected: false,
      enableWalletConnect: false
    })
    try {
      for (const detail of [undefined, {}, { info: { name: 'n' }, provider }, { info: { uuid: 'u', name: 'n', icon: '', rdns: 'a.b' }, provider: {} }]) {
        window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
      }
      expect(core.connector.state.connectors).to.have.length(0)
    } finally {
      core.destroy()
    }
    expect(injectedConnector({ request: async () => null }).name).to.equal('Browser Wallet')
  })
})

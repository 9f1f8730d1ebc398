import { expect } from 'chai'
import { createOptionsController } from './OptionsController.js'
import { resolveOptions } from './resolveOptions.js'
import { TEST_NETWORKS } from '../__fixtures__/networks.js'

const networks = TEST_NETWORKS.map(({ caipNetworkId, ...n }) => n)

describe('OptionsController', () => {
  it("requires a project id ('A project id is required')", () => {
    expect(() => resolveOptions({ projectId: '', networks })).to.throw('A project id is required')
    expect(() => resolveOptions({ networks } as never)).to.throw('A project id is required')
  })
  it('requires at least one network and valid chain ids', () => {
    expect(() => resolveOptions({ projectId: 'p', networks: [] })).to.throw('At least one network is required')
    expect(() => resolveOptions({ projectId: 'p', networks: [{ ...networks[0]!, id: 2147483648 }] })).to.throw('Invalid chainId')
    expect(() => resolveOptions({ projectId: 'p', networks: [{ ...networks[0]!, caipNetworkId: 'eip155' as never }] })).to.throw(
      'Invalid CAIP-2 network id: eip155'
    )
  })
  it('derives CAIP ids and applies defaults', () => {
    const o = resolveOptions({ projectId: 'p', networks: networks.slice(0, 2) })
    expect(o.networks.map(n => n.caipNetworkId)).to.deep.equal(['eip155:31337', 'eip155:31338'])
    expect(o.defaultNetwork.caipNetworkId).to.equal('eip155:31337')
    expect(o).to.include({ enableReconnect: true, allowUnsupportedChain: false, enableNetworkSwitch: true, enableEmbedded: false, disableAppend: false })
    expect(resolveOptions({ projectId: 'p', networks, enableNetworkSwitch: false }).enableNetworkSwitch).to.equal(false)
  })
  it('WalletConnect relay: explicit ws(s) URL, else the service URL’s /relay, else the WalletConnect network; off with enableWalletConnect: false', () => {
    expect(resolveOptions({ projectId: 'p', networks }).relayUrl).to.equal('wss://relay.walletconnect.org')
    expect(resolveOptions({ projectId: 'p', networks, enableWalletConnect: false }).relayUrl).to.equal(undefined)
    expect(resolveOptions({ projectId: 'p', networks, relayUrl: 'ws://127.0.0.1:9/relay', enableWalletConnect: false }).relayUrl).to.equal(undefined)
    expect(resolveOptions({ projectId: 'p', networks, serviceUrl: 'https://wm.example/api' }).relayUrl).to.equal('wss://wm.example/api/relay')
    expect(resolveOptions({ projectId: 'p', networks, serviceUrl: 'http://127.0.0.1:8787' }).relayUrl).to.equal('ws://127.0.0.1:8787/relay')
    expect(resolveOptions({ projectId: 'p', networks, serviceUrl: 'http://127.0.0.1:8787', relayUrl: 'wss://relay.example/' }).relayUrl).to.equal(
      'wss://relay.example/'
    )
    expect(() => resolveOptions({ projectId: 'p', networks, relayUrl: 'https://relay.example' })).to.throw('relayUrl must be a ws(s) URL')
    expect(() => resolveOptions({ projectId: 'p', networks, relayUrl: 'not a url' })).to.throw('relayUrl must be a ws(s) URL')
    expect(resolveOptions({ projectId: 'p', networks }).adapters).to.deep.equal(['eip155', 'solana', 'bip122'])
    expect(resolveOptions({ projectId: 'p', networks, adapters: [] }).adapters).to.deep.equal([])
    expect(() => resolveOptions({ projectId: 'p', networks, adapters: ['cosmos' as never] })).to.throw(
      "adapters must be a list of 'eip155', 'solana', 'bip122'"
    )
  })
  it('picks the default network; unknown default -> Network not found', () => {
    expect(resolveOptions({ projectId: 'p', networks: networks.slice(0, 2), defaultNetwork: 'eip155:31338' }).defaultNetwork.name).to.equal('Devnet 2')
    expect(() => resolveOptions({ projectId: 'p', networks: networks.slice(0, 2), defaultNetwork: 'eip155:1' })).to.throw('Network not found')
  })
  it('finds networks by id and by namespace', () => {
    const c = createOptionsController({ projectId: 'p', networks })
    expect(c.findNetwork('solana:devnet')?.name).to.equal('Solana Devnet')
    expect(c.networksOf('eip155')).to.have.length(2)
    expect(c.findNetwork('eip155:1')).to.equal(undefined)
  })
})

describe('OptionsController features and services', () => {
  it('resolves service URLs from serviceUrl with per-service overrides; rejects bad URLs', () => {
    const o = resolveOptions({ projectId: 'p', networks, serviceUrl: 'http://127.0.0.1:8787', analyticsUrl: 'https://a.example/' })
    expect(o.services).to.deep.equal({ directoryUrl: 'http://127.0.0.1:8787/', blockchainApiUrl: 'http://127.0.0.1:8787/', analyticsUrl: 'https://a.example/' })
    expect(resolveOptions({ projectId: 'p', networks }).services).to.equal(undefined)
    // No server of the site's own: the public registry lists the wallets.
    expect(resolveOptions({ projectId: 'p', networks }).directory).to.deep.equal({ url: 'https://api.web3modal.org/', public: true })
    expect(resolveOptions({ projectId: 'p', networks, serviceUrl: 'http://127.0.0.1:8787' }).directory).to.deep.equal({
      url: 'http://127.0.0.1:8787/',
      public: false
    })
    expect(resolveOptions({ projectId: 'p', networks, serviceUrl: 'http://127.0.0.1:8787', directoryUrl: 'https://dir.example/' }).directory).to.deep.equal({
      url: 'https://dir.example/',
      public: false
    })
    // Mixed: balances and analytics from a server, wallets from the public registry.
    expect(resolveOptions({ projectId: 'p', networks, blockchainApiUrl: 'https://b.example/', analyticsUrl: 'https://a.example/' }).services).to.deep.equal({
      directoryUrl: 'https://api.web3modal.org/',
      blockchainApiUrl: 'https://b.example/',
      analyticsUrl: 'https://a.example/'
    })
    expect(() => resolveOptions({ projectId: 'p', networks, serviceUrl: 'javascript:alert(1)' })).to.throw('serviceUrl must be an http(s) URL')
  })
  it('has the spec default features; remote configuration wins with a warning', () => {
    const c = createOptionsController({ projectId: 'p', networks, features: { swaps: true, analytics: true } })
    expect(c.isEnabled('receive')).to.equal(true)
    expect(c.isEnabled('pay')).to.equal(false)
    expect(c.isEnabled('legalCheckbox')).to.equal(false)
    expect(c.isEnabled('collapseWallets')).to.equal(false)
    // The spec's smartSessions and pay have nothing behind them here (docs/SPEC-COVERAGE.md 9.37, 2.23): no flag is offered.
    expect(c.state.features).to.not.have.any.keys('pay', 'smartSessions')
    const warnings: unknown[] = []
    const warn = console.warn
    console.warn = (...a: unknown[]) => void warnings.push(a.join(' '))
    try {
      c.applyRemoteFeatures([
        { id: 'swaps', isEnabled: false },
        { id: 'email', isEnabled: true },
        { id: 'onramp', isEnabled: true, config: ['meld', 'coinbase'] }
      ])
    } finally {
      console.warn = warn
    }
    expect(c.isEnabled('swaps')).to.equal(false)
    expect(c.isEnabled('email')).to.equal(true)
    expect(c.state.features.onramp).to.deep.equal(['meld', 'coinbase'])
    expect(String(warnings[0])).to.contain('Local feature settings are ignored').and.contain('swaps')
  })
})

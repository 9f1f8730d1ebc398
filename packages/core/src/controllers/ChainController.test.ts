import { expect } from 'chai'
import { createChainController, DEFAULT_ACCOUNT_TYPES } from './ChainController.js'
import { WIRED_NAMESPACES as WIRED } from '../types/network.js'
import { TEST_NETWORKS } from '../__fixtures__/networks.js'

describe('ChainController', () => {
  it('keeps state per namespace from the start', () => {
    const c = createChainController(TEST_NETWORKS, TEST_NETWORKS[0]!)
    expect(Object.keys(c.state.namespaces)).to.deep.equal(['eip155', 'solana', 'bip122'])
    expect(c.state.activeNamespace).to.equal('eip155')
    expect(c.state.namespaces.eip155.network.requestedCaipNetworks.map(n => n.caipNetworkId)).to.deep.equal(['eip155:31337', 'eip155:31338'])
    expect(c.state.namespaces.solana.network.caipNetwork?.caipNetworkId).to.equal('solana:devnet')
    expect(c.state.namespaces.bip122.network.caipNetwork).to.equal(undefined)
    for (const ns of ['eip155', 'solana', 'bip122'] as const) expect(c.state.namespaces[ns].account.status).to.equal('disconnected')
  })
  it('sets and resets an account; connected if any namespace is', () => {
    const c = createChainController(TEST_NETWORKS, TEST_NETWORKS[0]!)
    expect(c.isConnected()).to.equal(false)
    c.setAccount('solana', { status: 'connected', address: 'abc', balance: '1.000' })
    expect(c.isConnected()).to.equal(true)
    c.resetAccount('solana')
    expect(c.state.namespaces.solana.account).to.deep.equal({ status: 'disconnected', balanceLoading: false, preferredAccountType: 'eoa', currentTab: 0 })
    expect(c.isConnected()).to.equal(false)
  })
  it('knows whether the current network is one of the site', () => {
    const c = createChainController(TEST_NETWORKS, TEST_NETWORKS[1]!)
    expect(c.activeNetwork()?.name).to.equal('Devnet 2')
    expect(c.isNetworkSupported()).to.equal(true)
    c.setNetwork('eip155', { ...TEST_NETWORKS[0]!, id: 1, caipNetworkId: 'eip155:1', name: 'Other' })
    expect(c.isNetworkSupported('eip155')).to.equal(false)
  })
  it("follows the account's explorer page (spec §3 addressExplorerUrl) as its address and network change", () => {
    const explorer = (name: string) => ({ blockExplorers: { default: { name, url: `https://${name}.example` } } })
    const c = createChainController(TEST_NETWORKS, TEST_NETWORKS[0]!)
    c.setNetwork('eip155', { ...TEST_NETWORKS[0]!, ...explorer('one') })
    expect(c.state.namespaces.eip155.account.addressExplorerUrl).to.equal(undefined)
    c.setAccount('eip155', { status: 'connected', address: '0x1' })
    expect(c.state.namespaces.eip155.account.addressExplorerUrl).to.equal('https://one.example/address/0x1')
    c.setNetwork('eip155', { ...TEST_NETWORKS[1]!, ...explorer('two') })
    expect(c.state.namespaces.eip155.account.addressExplorerUrl).to.equal('https://two.example/address/0x1')
    c.setAccount('eip155', { address: '0x2' })
    expect(c.state.namespaces.eip155.account.addressExplorerUrl).to.equal('https://two.example/address/0x2')
    c.setNetwork('eip155', TEST_NETWORKS[0]!)
    expect(c.state.namespaces.eip155.account.addressExplorerUrl).to.equal(undefined)
  })
  it('each namespace starts with the spec’s default account type (eip155 smartAccount, solana eoa, bip122 payment), kept across a reset', () => {
    const c = createChainController(TEST_NETWORKS, TEST_NETWORKS[0]!)
    expect(WIRED.map(ns => c.state.namespaces[ns].account.preferredAccountType)).to.deep.equal(['smartAccount', 'eoa', 'payment'])
    c.setAccount('eip155', { status: 'connected', address: '0x1' })
    c.resetAccount('eip155')
    expect(c.state.namespaces.eip155.account).to.deep.include({ status: 'disconnected', preferredAccountType: 'smartAccount' })
    expect(DEFAULT_ACCOUNT_TYPES.polkadot).to.equal('eoa')
  })
  it('keeps the chosen Account tab (spec §3 currentTab) per namespace, back to tokens (0) on a reset', () => {
    const c = createChainController(TEST_NETWORKS, TEST_NETWORKS[0]!)
    expect(WIRED.map(ns => c.state.namespaces[ns].account.currentTab)).to.deep.equal([0, 0, 0])
    c.setAccount('eip155', { status: 'connected', address: '0x1', currentTab: 1 })
    expect(c.state.namespaces.eip155.account.currentTab).to.equal(1)
    expect(c.state.namespaces.solana.account.currentTab).to.equal(0)
    c.resetAccount('eip155')
    expect(c.state.namespaces.eip155.account.currentTab).to.equal(0)
  })
})

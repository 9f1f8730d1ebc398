// The UnsupportedChain guard (spec §4 "Switching network": UnsupportedChain shows when the new
// network is unsupported, switching is enabled and unsupported chains are not allowed), without a
// wallet: the account state is set as a wallet moving to a network the site does not list leaves it.
import { expect } from 'chai'
import type { Core } from '../createCore.js'
import type { WalletModalOptions } from '../types/options.js'
import type { CaipNetwork } from '../types/network.js'
import { TEST_NETWORKS } from '../__fixtures__/networks.js'
import { guardUnsupportedNetwork } from './accountState.js'
import { quietCore } from '../__fixtures__/quietCore.js'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
/** A network the site does not list. */
const OTHER: CaipNetwork = { ...TEST_NETWORKS[0]!, id: 1, caipNetworkId: 'eip155:1', name: 'Other' }

describe('guardUnsupportedNetwork: UnsupportedChain only when switching is enabled and unsupported chains are not allowed', () => {
  let core: Core | undefined
  /** Connected on EVM, the wallet on a network the site does not list. */
  const onOtherNetwork = (extra: Partial<WalletModalOptions> = {}) => {
    const c = (core = quietCore(extra))
    c.chain.setNetwork('eip155', OTHER)
    c.chain.setAccount('eip155', { status: 'connected', address: ADDRESS, caipAddress: `eip155:1:${ADDRESS}` })
    return c
  }
  afterEach(() => {
    core?.destroy()
    core = undefined
  })

  it('by default: opens the modal on UnsupportedChain', () => {
    const c = onOtherNetwork()
    expect(guardUnsupportedNetwork(c, 'eip155')).to.equal(true)
    expect(c.modal.state.open).to.equal(true)
    expect(c.router.state.view).to.equal('UnsupportedChain')
  })

  it('allowUnsupportedChain: the wallet stays on its network, nothing opens', () => {
    const c = onOtherNetwork({ allowUnsupportedChain: true })
    expect(guardUnsupportedNetwork(c, 'eip155')).to.equal(false)
    expect(c.modal.state.open).to.equal(false)
  })

  it('enableNetworkSwitch: false: no UnsupportedChain (it could offer no way out); the account stays connected on its network', () => {
    const c = onOtherNetwork({ enableNetworkSwitch: false })
    expect(guardUnsupportedNetwork(c, 'eip155')).to.equal(false)
    expect(c.modal.state.open).to.equal(false)
    expect(c.router.state.view).to.not.equal('UnsupportedChain')
    expect(c.chain.isNetworkSupported('eip155')).to.equal(false)
    expect(c.getAccount().isConnected).to.equal(true)
  })

  it('a network the site lists is never guarded, whatever the options', () => {
    const c = onOtherNetwork()
    c.chain.setNetwork('eip155', TEST_NETWORKS[1]!)
    expect(guardUnsupportedNetwork(c, 'eip155')).to.equal(false)
    expect(c.modal.state.open).to.equal(false)
  })
})

// Where switching network leads (spec §2 "Switching network opens", §8 "switch network not
// found"), without a wallet: the account state is set as a connection would leave it.
import { expect } from 'chai'
import type { Core } from '../createCore.js'
import type { WalletModalOptions } from '../types/options.js'
import { ALERTS } from '../controllers/alertTexts.js'
import { NETWORK_SWITCH_DISABLED, chooseNetwork, switchNetwork } from './switchNetwork.js'
import { quietCore } from '../__fixtures__/quietCore.js'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

describe('switching network: SwitchActiveChain, a skipped confirmation, an unknown network', () => {
  let core: Core | undefined
  const make = (extra: Partial<WalletModalOptions> = {}) => (core = quietCore(extra))
  /** Connected on EVM only, as after connecting an EVM wallet. */
  const connectedOnEvm = (c: Core) => c.chain.setAccount('eip155', { status: 'connected', address: ADDRESS, caipAddress: `eip155:31337:${ADDRESS}` })
  afterEach(() => {
    core?.destroy()
    core = undefined
  })

  it('connected on EVM, a Solana network opens SwitchActiveChain naming the family, Connect as where it leads, and the replace flag', async () => {
    const c = make()
    connectedOnEvm(c)
    c.open({ view: 'Networks' })
    await switchNetwork(c, 'solana:devnet')
    expect(c.router.state.history).to.deep.equal(['Networks', 'SwitchActiveChain'])
    const data = c.router.state.data!
    expect(data.network?.caipNetworkId).to.equal('solana:devnet')
    expect({ switchToChain: data.switchToChain, navigateTo: data.navigateTo, navigateWithReplace: data.navigateWithReplace }).to.deep.equal({
      switchToChain: 'solana',
      navigateTo: 'Connect',
      navigateWithReplace: true
    })
    // The EVM connection stays the active one until a Solana wallet connects.
    expect(c.chain.state.activeNamespace).to.equal('eip155')
    expect(c.chain.state.namespaces.solana.network.caipNetwork?.caipNetworkId).to.equal('solana:devnet')
  })

  it('with the modal closed, the same switch opens it on SwitchActiveChain with the same data', async () => {
    const c = make()
    connectedOnEvm(c)
    await switchNetwork(c, 'solana:devnet')
    expect(c.modal.state.open).to.equal(true)
    expect(c.router.state.history).to.deep.equal(['SwitchActiveChain'])
    expect(c.router.state.data).to.include({ switchToChain: 'solana', navigateTo: 'Connect', navigateWithReplace: true })
  })

  it('ignoreSwitchConfirmation: straight to Connect for the family (its wallets), no SwitchActiveChain', async () => {
    const c = make({ ignoreSwitchConfirmation: true })
    connectedOnEvm(c)
    c.open({ view: 'Networks' })
    await switchNetwork(c, 'solana:devnet')
    expect(c.router.state.history).to.deep.equal(['Networks', 'Connect'])
    // Connect shows the wallets of the data's network's family only.
    expect(c.router.state.data?.network?.chainNamespace).to.equal('solana')
    expect(c.chain.state.namespaces.solana.network.caipNetwork?.caipNetworkId).to.equal('solana:devnet')
    expect(c.chain.state.activeNamespace).to.equal('eip155')
  })

  it('ignoreSwitchConfirmation changes nothing within a family: not connected, the network simply becomes active', async () => {
    const c = make({ ignoreSwitchConfirmation: true })
    await switchNetwork(c, 'eip155:31338')
    expect(c.chain.activeNetwork()?.caipNetworkId).to.equal('eip155:31338')
    expect(c.modal.state.open).to.equal(false)
  })

  it("a network the site does not list: 'Network not found' for the caller and the 'Network Not Found' alert", async () => {
    const c = make()
    connectedOnEvm(c)
    c.open({ view: 'Networks' })
    const err = await switchNetwork(c, 'eip155:1').catch(e => e)
    expect(err).to.have.property('code', 'NETWORK_NOT_FOUND')
    expect(err).to.have.property('shortMessage', 'Network not found')
    expect(c.alert.state.code).to.equal('SWITCH_NETWORK_NOT_FOUND')
    expect(ALERTS.SWITCH_NETWORK_NOT_FOUND).to.include({ title: 'Network Not Found', variant: 'error' })
    // Nothing moved.
    expect(c.router.state.view).to.equal('Networks')
    expect(c.chain.activeNetwork()?.caipNetworkId).to.equal('eip155:31337')
  })

  it("enableNetworkSwitch: false refuses every switch with 'Failed to switch network' naming the option; nothing moves", async () => {
    const c = make({ enableNetworkSwitch: false })
    // Not connected: the network would simply become active; refused all the same.
    const idle = await switchNetwork(c, 'eip155:31338').catch(e => e)
    expect(idle).to.include({ code: 'SWITCH_NETWORK_FAILED', shortMessage: 'Failed to switch network', details: `${NETWORK_SWITCH_DISABLED} (eip155:31338)` })
    expect(idle.message).to.include('enableNetworkSwitch: false')
    expect(c.chain.activeNetwork()?.caipNetworkId).to.equal('eip155:31337')
    expect(c.modal.state.open, 'a refused call opens nothing').to.equal(false)
    expect(c.snack.state.open, 'no banner while the modal is closed').to.equal(false)
    // Connected, another family: no SwitchActiveChain either; with the modal open the banner says it failed.
    connectedOnEvm(c)
    // The network list is not offered when asked for by name: Account opens instead.
    c.open({ view: 'Networks' })
    expect(c.router.state.history).to.deep.equal(['Account'])
    const other = await switchNetwork(c, 'solana:devnet').catch(e => e)
    expect(other).to.have.property('code', 'SWITCH_NETWORK_FAILED')
    expect(c.router.state.history).to.deep.equal(['Account'])
    expect(c.chain.state.activeNamespace).to.equal('eip155')
    expect(c.snack.state).to.include({ open: true, message: 'Failed to switch network', variant: 'error' })
    // A row of the network list (chooseNetwork) throws nothing and changes nothing.
    chooseNetwork(c, 'eip155:31338')
    await Promise.resolve()
    expect(c.chain.activeNetwork()?.caipNetworkId).to.equal('eip155:31337')
    expect(c.router.state.view).to.equal('Account')
  })
})

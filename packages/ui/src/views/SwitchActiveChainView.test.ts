import { expect } from 'chai'
import { cleanup, devnetNetworks, findButton, getDevnet, makeModal, modalRoot, waitFor } from '../__fixtures__/setup.js'
import { solanaNetwork } from '@wallet-modal/devnet/testing'

// SwitchActiveChain in the real element (spec §2): picking a network of a family the visitor has
// no wallet on asks first; its answer, Connect, takes the question's place (the replace flag).
describe('SwitchActiveChain view', function () {
  this.timeout(30000)
  afterEach(cleanup)

  it('its button opens Connect in its place: Back from Connect returns to the network list', async () => {
    const info = await getDevnet()
    const modal = await makeModal({
      networks: [...devnetNetworks(info), solanaNetwork(info)],
      enableInjected: false,
      enableEIP6963: false,
      enableWalletConnect: false
    })
    // Connected on EVM, as an EVM wallet's connection leaves it.
    modal.chain.setAccount('eip155', {
      status: 'connected',
      address: info.walletAccount,
      caipAddress: `eip155:${info.chains[0]!.chainId}:${info.walletAccount}` as never
    })
    modal.open({ view: 'Networks' })
    const list = await waitFor(() => modalRoot().querySelector('ul[aria-label="Networks"]'), 5000, 'the network list')
    const row = await waitFor(
      () => [...list.querySelectorAll('button')].find(b => b.querySelector('.wm-name')?.textContent === info.solana.name),
      3000,
      'the Solana network'
    )
    row.click()
    const next = await waitFor(() => findButton(modalRoot(), 'Connect a Solana wallet'), 5000, 'SwitchActiveChain')
    expect(modal.router.state.view).to.equal('SwitchActiveChain')
    next.click()
    await waitFor(() => modal.router.state.view === 'Connect', 3000, 'Connect')
    expect(modal.router.state.history).to.deep.equal(['Networks', 'Connect'])
    // Connect lists the Solana family's wallets only.
    expect(modal.router.state.data?.network?.chainNamespace).to.equal('solana')
    const back = await waitFor(() => modalRoot().querySelector<HTMLButtonElement>('button[aria-label="Back"]'), 3000, 'Back')
    back.click()
    await waitFor(() => modalRoot().querySelector('ul[aria-label="Networks"]'), 3000, 'the network list again')
    expect(modal.router.state.view).to.equal('Networks')
    // The EVM connection was never touched.
    expect(modal.chain.state.activeNamespace).to.equal('eip155')
  })

  it('without the replace flag (a view opened on it by code), the button pushes Connect on top', async () => {
    const info = await getDevnet()
    const modal = await makeModal({
      networks: [...devnetNetworks(info), solanaNetwork(info)],
      enableInjected: false,
      enableEIP6963: false,
      enableWalletConnect: false
    })
    const network = modal.options.findNetwork(info.solana.caipNetworkId)!
    modal.open({ view: 'Networks' })
    modal.router.push('SwitchActiveChain', { network, navigateTo: 'Connect' })
    const next = await waitFor(() => findButton(modalRoot(), 'Connect a Solana wallet'), 5000, 'SwitchActiveChain')
    next.click()
    await waitFor(() => modal.router.state.view === 'Connect', 3000, 'Connect')
    expect(modal.router.state.history).to.deep.equal(['Networks', 'SwitchActiveChain', 'Connect'])
  })
})

import { expect } from 'chai'
import { cleanup, findButton, getDevnet, makeModal, modalRoot, waitFor } from '../__fixtures__/setup.js'

// Account's network row and the site's `enableNetworkSwitch` (spec §4 "switching is enabled"): by
// default a button opening the network list; switched off, the network is shown and nothing opens.
describe('Account network row and enableNetworkSwitch', function () {
  this.timeout(30000)
  afterEach(cleanup)

  /** A modal connected on EVM (as a wallet's connection leaves it), opened on Account. */
  const openAccount = async (enableNetworkSwitch?: boolean) => {
    const info = await getDevnet()
    const modal = await makeModal({
      enableInjected: false,
      enableEIP6963: false,
      enableWalletConnect: false,
      ...(enableNetworkSwitch === undefined ? {} : { enableNetworkSwitch })
    })
    modal.chain.setAccount('eip155', {
      status: 'connected',
      address: info.walletAccount,
      caipAddress: `eip155:${info.chains[0]!.chainId}:${info.walletAccount}` as never
    })
    modal.open()
    await waitFor(() => modal.router.state.view === 'Account' || undefined, 5000, 'Account')
    const row = await waitFor(() => modalRoot().querySelector<HTMLElement>('[data-testid="account-network"]'), 5000, 'the network row')
    return { modal, row, name: modal.chain.activeNetwork()!.name }
  }

  it('by default: a button named after the network that opens the network list', async () => {
    const { modal, row, name } = await openAccount()
    expect(row.tagName).to.equal('BUTTON')
    expect(row.getAttribute('aria-label')).to.equal(`Network: ${name}. Switch network`)
    row.click()
    await waitFor(() => modal.router.state.view === 'Networks' || undefined, 3000, 'the network list')
  })

  it('enableNetworkSwitch: false: the network is shown, not a button; clicking it opens nothing', async () => {
    const { modal, row, name } = await openAccount(false)
    expect(row.tagName).to.equal('DIV')
    expect(row.querySelector('.wm-name')!.textContent).to.equal(name)
    // Read out as the button's name says it when switching is on: "Network: Devnet".
    expect(row.querySelector('.wm-sr-only')!.textContent).to.equal(`Network: ${name}`)
    expect(row.querySelector('button, [role="button"], [tabindex]'), 'nothing in it to focus or press').to.equal(null)
    expect(findButton(modalRoot(), /Switch network/), 'no way to switch anywhere on Account').to.equal(undefined)
    // A click is handled while it is dispatched (the router's push is synchronous): no waiting needed.
    row.click()
    expect(modal.router.state.view).to.equal('Account')
  })

  it('enableNetworkSwitch: false: asking for the network list by name opens Account instead', async () => {
    const { modal } = await openAccount(false)
    modal.close()
    modal.open({ view: 'Networks' })
    await waitFor(() => modal.router.state.view === 'Account' || undefined, 3000, 'Account')
    expect(modalRoot().querySelector('ul[aria-label="Networks"]')).to.equal(null)
  })
})

import { expect } from 'chai'
import { findButton, getDevnet, modalRoot, waitFor } from '../__fixtures__/setup.js'
import { devnetNetworks } from '@wallet-modal/devnet/testing'
import { connectedModal, waitForHeading, cleanupAfterEach } from '../__fixtures__/viewFixtures.js'

// UnsupportedChain (spec §2, §4): the wallet moved to a network the site does not list; the site's
// networks to switch to, or Disconnect.
describe('UnsupportedChain view', function () {
  this.timeout(30000)
  const stopAfterTest = cleanupAfterEach()

  /** Connected on a site that lists Devnet only; the wallet then moves itself to Devnet 2. */
  const unsupported = async () => {
    const info = await getDevnet()
    const made = await connectedModal({ services: false, extra: { networks: devnetNetworks(info).slice(0, 1) } })
    stopAfterTest(made.stop)
    await made.wallet.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: `0x${info.chains[1]!.chainId.toString(16)}` }] })
    await waitFor(() => made.modal.modal.state.open && made.modal.router.state.view === 'UnsupportedChain', 5000, 'UnsupportedChain')
    await waitForHeading('Switch Network')
    return made
  }
  const rows = () => [...modalRoot().querySelectorAll<HTMLButtonElement>('ul[aria-label="Networks"] button')]

  it("opens by itself, titled 'Switch Network', says why and lists the site's networks, none marked", async () => {
    await unsupported()
    const status = await waitFor(() => modalRoot().querySelector('p[role="status"]'), 3000, 'the message')
    expect(status.textContent).to.equal('This app doesn’t support your current network. Switch to an available option to continue.')
    await waitFor(() => rows().length === 1, 3000, 'the network list')
    expect(rows()[0]!.querySelector('.wm-name')?.textContent).to.equal('Devnet')
    expect(rows()[0]!.hasAttribute('aria-current')).to.equal(false)
    expect(findButton(modalRoot(), 'Disconnect')).to.not.equal(undefined)
  })

  it("choosing the site's network switches the wallet back: the account is shown", async () => {
    const { modal, info, wallet } = await unsupported()
    await waitFor(() => rows().length === 1, 3000, 'the network list')
    rows()[0]!.click()
    await waitFor(() => modal.getNetwork()?.caipNetworkId === `eip155:${info.chains[0]!.chainId}`, 5000, 'Devnet again')
    expect(await wallet.request({ method: 'eth_chainId' })).to.equal(`0x${info.chains[0]!.chainId.toString(16)}`)
    await waitFor(() => !modal.modal.state.open || modal.router.state.view !== 'UnsupportedChain', 5000, 'UnsupportedChain gone')
  })

  it('Disconnect disconnects the wallet', async () => {
    const { modal } = await unsupported()
    findButton(modalRoot(), 'Disconnect')!.click()
    await waitFor(() => modal.getAccount().status === 'disconnected', 5000, 'disconnected')
    expect(modal.getAccount().isConnected).to.equal(false)
  })
})

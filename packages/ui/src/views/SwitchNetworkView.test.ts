import { expect } from 'chai'
import { modalRoot, waitFor } from '../__fixtures__/setup.js'
import { bodyText, connectedModal, quietModal, walletPromptButton, waitForHeading, cleanupAfterEach } from '../__fixtures__/viewFixtures.js'

// SwitchNetwork (spec §2, §4): shown while the wallet decides on a network switch; the wallet's
// answer moves on (approved: the network is switched; rejected: back, saying why).
describe('SwitchNetwork view', function () {
  this.timeout(30000)
  const stopAfterTest = cleanupAfterEach()

  /** Connected through the Devnet Wallet, which from then on asks before switching; Networks → Devnet 2. */
  const switching = async () => {
    const made = await connectedModal({ services: false })
    stopAfterTest(made.stop)
    made.wallet.setMode('prompt')
    made.modal.open({ view: 'Networks' })
    const row = await waitFor(
      () => [...modalRoot().querySelectorAll('ul[aria-label="Networks"] button')].find(b => b.querySelector('.wm-name')?.textContent === 'Devnet 2'),
      5000,
      'Devnet 2'
    )
    ;(row as HTMLButtonElement).click()
    await waitForHeading('Devnet 2')
    return made
  }

  it("is titled with the network's name and asks to approve the switch in the wallet", async () => {
    const { modal } = await switching()
    expect(modal.router.state.view).to.equal('SwitchNetwork')
    // The view's own status (not the spinner shown while its code loads).
    const status = await waitFor(() => modalRoot().querySelector('.wm-body [role="status"] p')?.parentElement, 5000, 'the status')
    expect([...status.querySelectorAll('p')].map(p => p.textContent)).to.deep.equal(['Switching to Devnet 2...', 'Approve the network switch in your wallet.'])
    expect(modalRoot().querySelector('.wm-spinner')).to.not.equal(null)
    ;(await walletPromptButton('Reject')).click()
  })

  it('the wallet approving: the network is switched and the modal closes (opened on the list)', async () => {
    const { modal, info } = await switching()
    ;(await walletPromptButton('Approve')).click()
    await waitFor(() => modal.getNetwork()?.caipNetworkId === `eip155:${info.chains[1]!.chainId}`, 5000, 'Devnet 2 active')
    await waitFor(() => !modal.modal.state.open, 3000, 'the modal closed')
  })

  it("the wallet rejecting: back to the list, 'Switch network rejected', the network kept", async () => {
    const { modal, info } = await switching()
    ;(await walletPromptButton('Reject')).click()
    await waitForHeading('Choose Network')
    expect(modal.router.state.view).to.equal('Networks')
    await waitFor(() => modal.snack.state.open && modal.snack.state.message === 'Switch network rejected', 3000, 'the snackbar')
    expect(modal.getNetwork()?.caipNetworkId).to.equal(`eip155:${info.chains[0]!.chainId}`)
  })

  it("without a network: 'Switch Network', 'Switching to the network...'", async () => {
    const modal = await quietModal()
    modal.open({ view: 'SwitchNetwork' })
    await waitForHeading('Switch Network')
    await waitFor(() => bodyText().includes('Switching to the network...'), 5000, 'the sentence')
  })
})

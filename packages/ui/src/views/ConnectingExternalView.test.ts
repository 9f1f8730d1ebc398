import { expect } from 'chai'
import type { Core } from '@wallet-modal/core/internal'
import { findButton, modalRoot, waitFor } from '../__fixtures__/setup.js'
import { announceDevnetWallet, createDevnetWallet, getDevnet } from '@wallet-modal/devnet/testing'
import { bodyText, quietModal, walletPromptButton, waitForHeading, cleanupAfterEach } from '../__fixtures__/viewFixtures.js'

// ConnectingExternal (spec §2): waiting for an installed wallet to answer; after a rejection, why
// and "Try again". Chosen on Connect, as a visitor does; the Devnet Wallet answers.
describe('ConnectingExternal view', function () {
  this.timeout(20000)
  const stopAfterTest = cleanupAfterEach()

  /** Connect, with the Devnet Wallet announced in `mode`; its row chosen. */
  const choose = async (mode: 'prompt' | 'reject'): Promise<{ modal: Core; wallet: ReturnType<typeof createDevnetWallet> }> => {
    const info = await getDevnet()
    const wallet = createDevnetWallet({ chains: info.chains, mode, storage: null })
    stopAfterTest(announceDevnetWallet(wallet, { setWindowEthereum: false }))
    const modal = await quietModal({ enableEIP6963: true })
    modal.open()
    ;(await waitFor(() => findButton(modalRoot(), /^Devnet Wallet/), 5000, 'the Devnet Wallet row')).click()
    await waitForHeading('Devnet Wallet')
    expect(modal.router.state.view).to.equal('ConnectingExternal')
    return { modal, wallet }
  }

  it("while the wallet asks: 'Connecting...' and 'Accept the connection request in your wallet.'", async () => {
    const { modal } = await choose('prompt')
    await waitFor(() => bodyText().includes('Connecting...'), 3000, "'Connecting...'")
    expect(bodyText()).to.contain('Accept the connection request in your wallet.')
    expect(modalRoot().querySelector('.wm-spinner')).to.not.equal(null)
    expect(findButton(modalRoot(), 'Try again')).to.equal(undefined)
    ;(await walletPromptButton('Approve')).click()
    await waitFor(() => modal.getAccount().isConnected, 5000, 'connected')
    await waitFor(() => !modal.modal.state.open, 3000, 'the modal closed')
  })

  it("the wallet declining: 'Connection rejected', who declined, and Try again", async () => {
    await choose('reject')
    const status = await waitFor(() => modalRoot().querySelector('[role="status"] .wm-error-text')?.parentElement, 5000, 'the failure')
    expect(status.textContent).to.equal('Connection rejectedYou declined the request in Devnet Wallet.')
    expect(findButton(modalRoot(), 'Try again')).to.not.equal(undefined)
    expect(bodyText()).to.not.contain('Accept the connection request')
  })

  it('Try again asks the wallet again; approved, the account is connected', async () => {
    const { modal, wallet } = await choose('reject')
    const retry = await waitFor(() => findButton(modalRoot(), 'Try again'), 5000, 'Try again')
    wallet.setMode('approve')
    retry.click()
    await waitFor(() => modal.getAccount().isConnected, 5000, 'connected')
    expect(modal.connection.state.error).to.equal(undefined)
  })

  it("without a wallet: 'Connecting', 'No wallet selected.'", async () => {
    const modal = await quietModal()
    modal.open({ view: 'ConnectingExternal' })
    await waitForHeading('Connecting')
    await waitFor(() => bodyText().includes('No wallet selected.'), 5000, 'the empty state')
  })
})

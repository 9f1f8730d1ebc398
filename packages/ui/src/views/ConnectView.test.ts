import { expect } from 'chai'
import type { Core } from '@wallet-modal/core/internal'
import { findButton, getDevnet, modalRoot, waitFor } from '../__fixtures__/setup.js'
import { announceDevnetWallet, createDevnetWallet } from '@wallet-modal/devnet/testing'
import { bodyText, quietModal, waitForHeading, cleanupAfterEach } from '../__fixtures__/viewFixtures.js'

// Connect (spec §2): the wallets in the connector type order (installed first here, then the
// directory's recommended ones), then All Wallets with the directory's count; nothing installed and
// no directory: it says so. (The order of e-mail, social and wallets: ConnectMethods.test.ts.)
describe('Connect view', function () {
  this.timeout(30000)
  const stopAfterTest = cleanupAfterEach()

  /** Connect on the devnet's directory, the Devnet Wallet announced. */
  const withWallet = async (): Promise<Core> => {
    const info = await getDevnet()
    stopAfterTest(announceDevnetWallet(createDevnetWallet({ chains: info.chains, mode: 'approve', storage: null }), { setWindowEthereum: false }))
    const modal = await quietModal({ projectId: 'demo', serviceUrl: info.serviceUrl, enableEIP6963: true })
    modal.open()
    await waitForHeading('Connect Wallet')
    return modal
  }
  const walletRows = () => [...modalRoot().querySelectorAll<HTMLButtonElement>('ul[aria-label="Wallets"] button')]

  it("is titled 'Connect Wallet': the installed wallet first, tagged 'Installed', then the directory's, then All Wallets with the count", async () => {
    const modal = await withWallet()
    const first = await waitFor(() => walletRows()[0], 5000, 'the wallet list')
    expect(first.getAttribute('aria-label')).to.equal('Devnet Wallet, Installed')
    await waitFor(() => modal.api.state.recommended.length > 0 && walletRows().length > 1, 10000, "the directory's wallets")
    const all = await waitFor(() => findButton(modalRoot(), /^All Wallets/), 5000, 'All Wallets')
    await waitFor(() => all.querySelector('.wm-tag')?.textContent, 5000, 'the count')
    expect(all.querySelector('.wm-tag')!.textContent).to.match(/^\d+\+?$/)
    // All Wallets comes after the list.
    expect(walletRows().at(-1)!.compareDocumentPosition(all) & Node.DOCUMENT_POSITION_FOLLOWING).to.not.equal(0)
  })

  it('choosing the installed wallet connects it; the modal closes', async () => {
    const modal = await withWallet()
    const info = await getDevnet()
    ;(await waitFor(() => findButton(modalRoot(), 'Devnet Wallet, Installed'), 5000, 'the Devnet Wallet row')).click()
    await waitFor(() => modal.getAccount().isConnected, 5000, 'connected')
    expect(modal.getAccount().address?.toLowerCase()).to.equal(info.walletAccount.toLowerCase())
    await waitFor(() => !modal.modal.state.open, 3000, 'the modal closed')
  })

  it('All Wallets opens the directory', async () => {
    const modal = await withWallet()
    ;(await waitFor(() => findButton(modalRoot(), /^All Wallets/), 5000, 'All Wallets')).click()
    await waitForHeading('All Wallets')
    expect(modal.router.state.view).to.equal('AllWallets')
    expect(modal.router.state.history).to.deep.equal(['Connect', 'AllWallets'])
  })

  it('no wallet in the browser and the directory unreachable: says both, All Wallets still offered', async () => {
    // Nothing listens on port 9: every request to this "service" fails at once.
    const modal = await quietModal({ projectId: 'demo', serviceUrl: 'http://127.0.0.1:9' })
    modal.open()
    await waitForHeading('Connect Wallet')
    await waitFor(() => bodyText().includes('No wallet found in this browser.'), 5000, 'the empty state')
    expect(bodyText()).to.contain('Install a wallet extension, then reload the page.')
    const problem = await waitFor(() => modalRoot().querySelector('[data-testid="connect-unavailable"]'), 15000, 'the unavailable notice')
    expect(problem.textContent).to.equal('The wallet list is unavailable: its service cannot be reached.')
    expect(findButton(modalRoot(), 'All Wallets')).to.not.equal(undefined)
    expect(walletRows()).to.deep.equal([])
  })
})

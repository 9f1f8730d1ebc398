import { expect } from 'chai'
import type { Core } from '@wallet-modal/core/internal'
import { cleanup, findButton, getDevnet, makeModal, modalRoot, waitFor } from '../__fixtures__/setup.js'
import { wcWallet } from '@wallet-modal/devnet/testing'
import { waitForHeading } from '../__fixtures__/viewFixtures.js'

// ConnectingWalletConnectBasic (spec §2, no chain adapter): a QR code for any WalletConnect wallet,
// the directory's wallets to pick one by name, All Wallets. On the devnet's relay and directory;
// the devnet's WalletConnect wallet scans the code.
describe('ConnectingWalletConnectBasic view', function () {
  this.timeout(30000)
  afterEach(async () => {
    cleanup()
    await wcWallet('mode', { mode: 'approve' })
    await wcWallet('disconnect')
  })

  /** Universal-provider mode (no adapters): opening shows the view. */
  const open = async (): Promise<Core> => {
    const info = await getDevnet()
    const modal = await makeModal({ projectId: 'demo', serviceUrl: info.serviceUrl, adapters: [] })
    modal.open()
    await waitForHeading('Connect Wallet')
    expect(modal.router.state.view).to.equal('ConnectingWalletConnectBasic')
    return modal
  }
  const qr = () => modalRoot().querySelector('svg[role="img"][aria-label="WalletConnect QR code"]')
  const status = () => modalRoot().querySelector('[data-testid="wc-status"]')?.textContent
  const directoryRows = () => [...modalRoot().querySelectorAll<HTMLButtonElement>('ul[aria-label="Wallets"] button')]

  it("'Connect Wallet': the QR code to scan, Copy link, the directory's wallets and All Wallets", async () => {
    await open()
    await waitFor(qr, 10000, 'the QR code')
    expect(status()).to.equal('Scan this code with your phone’s wallet.')
    expect(findButton(modalRoot(), 'Copy link')!.disabled).to.equal(false)
    await waitFor(() => directoryRows().length > 0, 10000, "the directory's wallets")
    expect(findButton(modalRoot(), 'All Wallets')).to.not.equal(undefined)
  })

  it('a wallet of the list pairs with that wallet; All Wallets opens the directory', async () => {
    const modal = await open()
    const first = await waitFor(() => directoryRows()[0], 10000, "the directory's wallets")
    const name = first.querySelector('.wm-name')!.textContent!
    first.click()
    await waitForHeading(name)
    expect(modal.router.state.view).to.equal('ConnectingWalletConnect')
    modal.router.goBack()
    ;(await waitFor(() => findButton(modalRoot(), 'All Wallets'), 5000, 'All Wallets')).click()
    await waitForHeading('All Wallets')
    expect(modal.router.state.view).to.equal('AllWallets')
  })

  it('scanned and approved by a wallet: connected, the modal closes', async () => {
    const modal = await open()
    await waitFor(qr, 10000, 'the QR code')
    expect((await wcWallet<{ outcome: string }>('pair', { uri: modal.connection.state.wcUri! })).outcome).to.equal('approved')
    await waitFor(() => modal.getAccount().isConnected, 10000, 'connected')
    await waitFor(() => !modal.modal.state.open, 5000, 'the modal closed')
  })

  it("the wallet declining: 'Connection rejected', then a fresh code to scan", async () => {
    const modal = await open()
    await waitFor(qr, 10000, 'the QR code')
    const first = modal.connection.state.wcUri!
    await wcWallet('mode', { mode: 'reject' })
    expect((await wcWallet<{ outcome: string }>('pair', { uri: first })).outcome).to.equal('rejected')
    await waitFor(() => status() === 'Connection rejected', 5000, 'the error')
    await waitFor(() => modal.connection.state.wcUri && modal.connection.state.wcUri !== first && qr(), 10000, 'a fresh code')
    expect(modal.getAccount().isConnected).to.equal(false)
  })
})

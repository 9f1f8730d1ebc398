import { expect } from 'chai'
import { chooseDirectoryWallet } from '@wallet-modal/core/internal'
import { cleanup, modalRoot, waitFor } from '../__fixtures__/setup.js'
import { backButton, bodyText, quietModal, waitForHeading } from '../__fixtures__/viewFixtures.js'

// GetWallet (spec §2): a directory wallet that is not installed here (and cannot pair over
// WalletConnect), with its official links; only https links are offered.
describe('GetWallet view', function () {
  this.timeout(20000)
  afterEach(cleanup)

  const WALLET = {
    id: 'shore-wallet',
    name: 'Shore Wallet',
    rdns: 'example.shore',
    chains: [],
    homepage: 'https://shore.example/',
    desktop_link: 'https://shore.example/download',
    webapp_link: 'javascript:alert(1)'
  }
  const links = () => [...modalRoot().querySelectorAll<HTMLAnchorElement>('.wm-body a')]

  it("is titled with the wallet's name, says it is not installed and how to get it", async () => {
    const modal = await quietModal()
    modal.open({ view: 'GetWallet', data: { wallet: WALLET } })
    await waitForHeading('Shore Wallet')
    await waitFor(() => bodyText().includes('Shore Wallet is not installed in this browser.'), 5000, 'the sentence')
    expect(bodyText()).to.contain('Install it, then reload this page; or open it where you have it.')
  })

  it('offers the https links only, each opening a new tab without a way back to the site', async () => {
    const modal = await quietModal()
    modal.open({ view: 'GetWallet', data: { wallet: { ...WALLET, homepage: 'http://shore.example/' } } })
    await waitFor(() => links().length > 0, 5000, 'the links')
    // The web app's javascript: link and the plain-http homepage are not offered.
    expect(links().map(a => [a.textContent, a.href])).to.deep.equal([['Get the desktop app', 'https://shore.example/download']])
    expect(links()[0]!.target).to.equal('_blank')
    expect(links()[0]!.rel).to.equal('noopener noreferrer')
  })

  it('reached by choosing the wallet on Connect; Back returns there', async () => {
    const modal = await quietModal()
    modal.open()
    await waitForHeading('Connect Wallet')
    chooseDirectoryWallet(modal, WALLET)
    await waitForHeading('Shore Wallet')
    expect(modal.router.state.view).to.equal('GetWallet')
    await waitFor(() => links().length === 2, 5000, 'the links')
    expect(links().map(a => a.textContent)).to.deep.equal(['Get the desktop app', 'Website'])
    backButton()!.click()
    await waitForHeading('Connect Wallet')
    expect(modal.router.state.view).to.equal('Connect')
  })

  it("without a wallet: 'Get a wallet', 'No wallet selected.'", async () => {
    const modal = await quietModal()
    modal.open({ view: 'GetWallet' })
    await waitForHeading('Get a wallet')
    await waitFor(() => bodyText().includes('No wallet selected.'), 5000, 'the empty state')
    expect(links()).to.deep.equal([])
  })
})

import { expect } from 'chai'
import { cleanup, devnetNetworks, findButton, getDevnet, modalRoot, waitFor } from '../__fixtures__/setup.js'
import { bodyText, pretendConnected, quietModal, snackText, waitForHeading } from '../__fixtures__/viewFixtures.js'

// Receive (spec §2): the account's address as a QR code and as text with Copy, and the networks
// it can receive on (the site's networks of the account's family).
describe('WalletReceive view', function () {
  this.timeout(20000)
  afterEach(() => {
    cleanup()
    // The stand-in clipboard, if a test put one on the page.
    delete (navigator as unknown as Record<string, unknown>).clipboard
  })

  /** Puts a clipboard on the page that records what is written (or refuses, as a denied permission does). */
  const standInClipboard = (refuse = false) => {
    const written: string[] = []
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => (refuse ? Promise.reject(new DOMException('denied', 'NotAllowedError')) : void written.push(text)) }
    })
    return written
  }
  const copyButton = () => findButton(modalRoot(), /^Copy address /)

  it("is titled 'Receive': the address as a QR code and text, and the networks it receives on", async () => {
    const info = await getDevnet()
    const modal = await quietModal()
    const address = pretendConnected(modal, info)
    modal.open({ view: 'WalletReceive' })
    await waitForHeading('Receive')
    const shown = await waitFor(() => modalRoot().querySelector('[data-testid="receive-address"]'), 5000, 'the address')
    expect(shown.textContent).to.equal(address)
    expect(modalRoot().querySelector(`[role="img"][aria-label="QR code of your address ${address}"]`), 'the QR code').to.not.equal(null)
    expect(bodyText()).to.contain('Send assets to this address only on these networks:')
    const chips = [...modalRoot().querySelectorAll('ul[aria-label="Networks"] [data-testid="receive-network"]')].map(li => li.textContent)
    expect(chips).to.deep.equal(['Devnet', 'Devnet 2'])
    expect(copyButton()!.getAttribute('aria-label')).to.equal(`Copy address ${address.slice(0, 6)}…${address.slice(-4)}`)
  })

  it("one network only: 'this network' (singular)", async () => {
    const info = await getDevnet()
    const modal = await quietModal({ networks: devnetNetworks(info).slice(0, 1) })
    pretendConnected(modal, info)
    modal.open({ view: 'WalletReceive' })
    await waitFor(() => bodyText().includes('Send assets to this address only on this network:'), 5000, 'the singular')
    expect(modalRoot().querySelectorAll('[data-testid="receive-network"]').length).to.equal(1)
  })

  it("Copy address puts the whole address on the clipboard and says 'Address copied'", async () => {
    const info = await getDevnet()
    const written = standInClipboard()
    const modal = await quietModal()
    const address = pretendConnected(modal, info)
    modal.open({ view: 'WalletReceive' })
    ;(await waitFor(copyButton, 5000, 'Copy address')).click()
    await waitFor(() => snackText() === 'Address copied', 3000, "'Address copied'")
    expect(written).to.deep.equal([address])
  })

  it("a clipboard that refuses: 'Could not copy the address'", async () => {
    const info = await getDevnet()
    standInClipboard(true)
    const modal = await quietModal()
    pretendConnected(modal, info)
    modal.open({ view: 'WalletReceive' })
    ;(await waitFor(copyButton, 5000, 'Copy address')).click()
    await waitFor(() => snackText() === 'Could not copy the address', 3000, "'Could not copy the address'")
    expect(modal.snack.state.variant).to.equal('error')
  })

  it("not connected: 'Connect a wallet to see its address.'", async () => {
    const modal = await quietModal()
    modal.open({ view: 'WalletReceive' })
    await waitForHeading('Receive')
    await waitFor(() => bodyText().includes('Connect a wallet to see its address.'), 5000, 'the empty state')
    expect(copyButton()).to.equal(undefined)
  })
})

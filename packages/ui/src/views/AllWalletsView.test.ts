import { expect } from 'chai'
import { sendKeys } from '@web/test-runner-commands'
import { cleanup, findButton, getDevnet, makeModal, modalRoot, waitFor } from '../__fixtures__/setup.js'

const gridButtons = () => [...modalRoot().querySelectorAll<HTMLButtonElement>('.wm-grid-item')]

describe('All Wallets (real directory service)', () => {
  afterEach(cleanup)

  it('Connect shows recommended wallets and an All Wallets entry with the count; the grid pages as it scrolls', async () => {
    const info = await getDevnet()
    const modal = await makeModal({ projectId: 'demo', serviceUrl: info.serviceUrl, enableInjected: false })
    modal.open()
    const all = await waitFor(() => findButton(modalRoot(), /^All Wallets/), 10000, 'the All Wallets entry')
    await waitFor(() => modal.api.state.recommended.length === 4, 10000, 'recommended wallets')
    expect(all.querySelector('.wm-tag')?.textContent).to.match(/^\d+\+?$/)
    all.click()
    await waitFor(() => modalRoot().querySelector('h2')?.textContent === 'All Wallets')
    await waitFor(() => gridButtons().length === 40, 10000, 'the first page')
    // Images come from the configured service only.
    const img = modalRoot().querySelector<HTMLImageElement>('.wm-grid-item img')
    expect(img && new URL(img.src).origin).to.equal(new URL(info.serviceUrl).origin)
    modalRoot().querySelector('[data-testid="all-wallets-end"]')!.scrollIntoView()
    await waitFor(() => gridButtons().length === 80, 10000, 'the second page')
    expect(new Set(gridButtons().map(b => b.getAttribute('aria-label'))).size).to.equal(80)
  })

  it('searches after typing stops and shows the matches; a directory wallet not installed offers its links', async () => {
    const info = await getDevnet()
    const modal = await makeModal({ projectId: 'demo', serviceUrl: info.serviceUrl, enableInjected: false })
    modal.open({ view: 'AllWallets' })
    const input = await waitFor(() => modalRoot().querySelector<HTMLInputElement>('input[type="search"]'), 3000, 'the search box')
    input.focus()
    await sendKeys({ type: 'devnet' })
    // Debounced: nothing is searched while typing, then the query goes out once.
    await waitFor(() => modal.api.state.searchQuery === 'devnet' && !modal.api.state.searchLoading, 10000, 'the search')
    await waitFor(() => gridButtons().length > 0)
    const names = gridButtons().map(b => b.getAttribute('aria-label')!)
    expect(names).to.include('Devnet Wallet')
    for (const n of names) expect(n.toLowerCase()).to.contain('devnet')
    gridButtons()
      .find(b => b.getAttribute('aria-label') === 'Devnet Wallet')!
      .click()
    await waitFor(() => modalRoot().querySelector('h2')?.textContent === 'Devnet Wallet')
    await waitFor(() => modalRoot().textContent?.includes('is not installed in this browser'), 10000, 'GetWallet')
    // The wallet's links (the dialog's footer links to the operator's own server, on loopback here).
    for (const a of modalRoot().querySelectorAll<HTMLAnchorElement>('.wm-body a')) expect(a.href.startsWith('https://')).to.equal(true)
  })

  it('lists the hardware wallets: Ledger Live pairs over WalletConnect by its app link; Trezor Suite by its code only', async () => {
    const info = await getDevnet()
    const modal = await makeModal({ projectId: 'demo', serviceUrl: info.serviceUrl, enableInjected: false })
    modal.open({ view: 'AllWallets' })
    const input = await waitFor(() => modalRoot().querySelector<HTMLInputElement>('input[type="search"]'), 3000, 'the search box')
    input.focus()
    await sendKeys({ type: 'ledger live' })
    const ledger = await waitFor(() => gridButtons().find(b => b.getAttribute('aria-label') === 'Ledger Live'), 10000, 'Ledger Live')
    ledger.click()
    await waitFor(() => modalRoot().querySelector('h2')?.textContent === 'Ledger Live')
    // The pairing link opens the Ledger Live app with the WalletConnect URI.
    const open = await waitFor(
      () => [...modalRoot().querySelectorAll<HTMLAnchorElement>('.wm-body a')].find(a => a.textContent === 'Open Ledger Live'),
      15000,
      'the app link'
    )
    expect(open.getAttribute('href')).to.match(/^ledgerlive:\/\/wc\?uri=wc%3A[0-9a-f]{64}%402/)
    // Trezor Suite is listed too (no app link is known for it: no 'Open' link is made up).
    modal.open({ view: 'AllWallets' })
    const search = await waitFor(() => modalRoot().querySelector<HTMLInputElement>('input[type="search"]'), 3000, 'the search box')
    search.focus()
    search.select()
    await sendKeys({ type: 'trezor' })
    const trezor = await waitFor(() => gridButtons().find(b => b.getAttribute('aria-label') === 'Trezor Suite'), 10000, 'Trezor Suite')
    trezor.click()
    await waitFor(() => modalRoot().querySelector('h2')?.textContent === 'Trezor Suite')
    await waitFor(() => modalRoot().querySelector('[aria-label="WalletConnect QR code"]'), 15000, 'the pairing code')
    expect([...modalRoot().querySelectorAll('.wm-body a')].some(a => a.textContent?.startsWith('Open '))).to.equal(false)
  })

  it('a search with no match says so', async () => {
    const info = await getDevnet()
    const modal = await makeModal({ projectId: 'demo', serviceUrl: info.serviceUrl, enableInjected: false })
    modal.open({ view: 'AllWallets' })
    const input = await waitFor(() => modalRoot().querySelector<HTMLInputElement>('input[type="search"]'))
    input.focus()
    await sendKeys({ type: 'zzzz-no-such-wallet' })
    await waitFor(() => modalRoot().textContent?.includes('No wallet found for'), 10000, 'the empty state')
  })
})

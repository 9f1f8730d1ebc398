import { expect } from 'chai'
import { cleanup, findButton, makeModal, modalRoot, waitFor } from '../__fixtures__/setup.js'

// Where each login is offered on Connect (spec §2 connect-method order, §3 feature options), in
// the real element: the site's connectMethodsOrder, its socials and their order, collapseWallets.
// No services here: the site's own feature options are what count (remote ones would win).

/** The connect methods in the order Connect shows them. */
function shownOrder(): string[] {
  const root = modalRoot()
  const found = [
    ['email', root.querySelector('#wm-email')],
    ['social', root.querySelector('[data-testid="social-logins"]')],
    [
      'wallet',
      root.querySelector('ul[aria-label="Wallets"]') ??
        [...root.querySelectorAll('.wm-list-item')].find(b => /Continue with a wallet/.test(b.textContent ?? '')) ??
        [...root.querySelectorAll('p')].find(p => /No wallet found/.test(p.textContent ?? ''))
    ]
  ] as const
  return found
    .filter(([, el]) => !!el)
    .sort(([, a], [, b]) => (a!.compareDocumentPosition(b!) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))
    .map(([m]) => m)
}

const SECURE = { secureSiteUrl: 'http://127.0.0.1:9' }

describe('Connect: where each login is offered', function () {
  this.timeout(20000)
  afterEach(cleanup)

  for (const order of [
    ['wallet', 'email', 'social'],
    ['social', 'email', 'wallet'],
    ['email', 'wallet', 'social']
  ]) {
    it(`connectMethodsOrder ${order.join(', ')} renders in that order`, async () => {
      const modal = await makeModal({ ...SECURE, features: { email: true, socials: ['google'], connectMethodsOrder: order } })
      modal.open()
      await waitFor(() => modalRoot().querySelector('[data-testid="social-logins"]'), 5000, 'social logins')
      expect(shownOrder()).to.deep.equal(order)
    })
  }

  it('without an order and without an installed wallet: e-mail, social, then wallets (spec §2 default)', async () => {
    const modal = await makeModal({ ...SECURE, enableInjected: false, enableEIP6963: false, features: { email: true, socials: ['google'] } })
    modal.open()
    await waitFor(() => modalRoot().querySelector('[data-testid="social-logins"]'), 5000, 'social logins')
    expect(shownOrder()).to.deep.equal(['email', 'social', 'wallet'])
  })

  it('socials in the configured order (the first as a row, the rest as buttons); unknown names and no secure site offer nothing', async () => {
    const modal = await makeModal({ ...SECURE, features: { socials: ['github', 'farcaster', 'myspace', 'google', 'github'] } })
    modal.open()
    const group = await waitFor(() => modalRoot().querySelector('[data-testid="social-logins"]'), 5000, 'social logins')
    const names = [...group.querySelectorAll('button')].map(b => b.getAttribute('aria-label') ?? b.querySelector('.wm-name')?.textContent)
    expect(names).to.deep.equal(['Continue with GitHub', 'Continue with Farcaster', 'Continue with Google'])
    // E-mail is off unless its feature is on.
    expect(modalRoot().querySelector('#wm-email')).to.equal(null)
    cleanup()
    const without = await makeModal({ features: { email: true, socials: ['google'] } })
    without.open()
    await waitFor(() => findButton(modalRoot(), /All Wallets|WalletConnect/) ?? modalRoot().querySelector('.wm-list, .wm-center'), 5000, 'Connect')
    expect(modalRoot().querySelector('[data-testid="social-logins"]')).to.equal(null)
    expect(modalRoot().querySelector('#wm-email')).to.equal(null)
  })

  it('collapseWallets: the wallets behind one "Continue with a wallet" row, which shows them alone', async () => {
    const modal = await makeModal({
      ...SECURE,
      features: { email: true, socials: ['google'], collapseWallets: true, connectMethodsOrder: ['wallet', 'email', 'social'] }
    })
    modal.open()
    const row = await waitFor(() => findButton(modalRoot(), /^Continue with a wallet/), 5000, 'the collapsed row')
    expect(shownOrder()).to.deep.equal(['wallet', 'email', 'social'])
    expect(modalRoot().querySelector('ul[aria-label="Wallets"]')).to.equal(null)
    row.click()
    await waitFor(() => !findButton(modalRoot(), /^Continue with a wallet/), 5000, 'the wallets')
    expect(modalRoot().querySelector('#wm-email')).to.equal(null)
    expect(modalRoot().querySelector('[data-testid="social-logins"]')).to.equal(null)
    expect(modal.router.state.view).to.equal('Connect')
    expect(modal.router.state.history.length).to.equal(2)
  })
})

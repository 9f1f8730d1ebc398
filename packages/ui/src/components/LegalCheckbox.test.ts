import { expect } from 'chai'
import { cleanup, findButton, makeModal, memoryStorage, modalRoot, waitFor } from '../__fixtures__/setup.js'

// Spec §9 legalCheckbox, in the real element: Connect asks the visitor to agree to the site's
// terms and privacy policy before any way to connect works; the links are the site's pages, and
// only safe ones; the choice is remembered.

const SECURE = { secureSiteUrl: 'http://127.0.0.1:9' }
const TERMS = 'https://site.example/terms'
const PRIVACY = 'https://site.example/privacy'
const LEGAL = { termsConditionsUrl: TERMS, privacyPolicyUrl: PRIVACY }

/** Every control Connect offers to connect with: wallet rows, All Wallets, the e-mail field and button, the social buttons. */
function connectControls(): HTMLElement[] {
  const root = modalRoot()
  return [...root.querySelectorAll<HTMLElement>('.wm-list-item, .wm-social-button, #wm-email, [data-testid="email-submit"]')]
}

async function legalCheckbox(): Promise<HTMLInputElement> {
  return waitFor(() => modalRoot().querySelector<HTMLInputElement>('[data-testid="legal-checkbox"]'), 5000, 'the legal checkbox')
}

describe('Connect: the legal checkbox', function () {
  this.timeout(20000)
  afterEach(cleanup)

  it('unchecked: every way to connect is aria-disabled, says why, stays focusable and does nothing', async () => {
    const modal = await makeModal({ ...SECURE, ...LEGAL, features: { legalCheckbox: true, email: true, socials: ['google', 'github'] } })
    modal.open()
    const box = await legalCheckbox()
    expect(box.checked).to.equal(false)
    const root = modalRoot()
    // The checkbox is named by the sentence it shows, links included.
    expect(root.querySelector(`label[for="${box.id}"]`)?.textContent).to.equal('I agree to our Terms of Service and Privacy Policy')
    const hint = root.getElementById('wm-legal-hint')
    expect(hint?.textContent).to.equal('To connect, first agree to the terms above.')
    await waitFor(() => root.querySelector('[data-testid="social-logins"]'), 5000, 'social logins')
    const controls = connectControls()
    // All Wallets, Continue with Google, the GitHub button, the e-mail field and its button at least.
    expect(controls.length).to.be.greaterThan(4)
    for (const el of controls) {
      expect(el.getAttribute('aria-disabled'), el.outerHTML.slice(0, 80)).to.equal('true')
      expect(el.getAttribute('aria-describedby') ?? '', el.outerHTML.slice(0, 80)).to.contain('wm-legal-hint')
    }
    // Not natively disabled: a keyboard or screen reader user still reaches them and hears why.
    const all = findButton(root, /^All Wallets/)!
    expect(all.disabled).to.equal(false)
    all.focus()
    expect(root.activeElement).to.equal(all)
    // Inert: a click goes nowhere, the e-mail field takes no text.
    all.click()
    findButton(root, /^Continue with Google/)!.click()
    findButton(root, /^Continue with GitHub/)!.click()
    expect(modal.router.state.view).to.equal('Connect')
    expect((root.querySelector('#wm-email') as HTMLInputElement).readOnly).to.equal(true)
  })

  it('links the site’s pages in a new tab, without opener or referrer', async () => {
    const modal = await makeModal({ ...LEGAL, features: { legalCheckbox: true } })
    modal.open()
    await legalCheckbox()
    const terms = modalRoot().querySelector<HTMLAnchorElement>('[data-testid="legal-terms"]')!
    const privacy = modalRoot().querySelector<HTMLAnchorElement>('[data-testid="legal-privacy"]')!
    expect([terms.href, privacy.href]).to.deep.equal([TERMS, PRIVACY])
    expect([terms.textContent, privacy.textContent]).to.deep.equal(['Terms of Service', 'Privacy Policy'])
    for (const a of [terms, privacy]) {
      expect(a.target).to.equal('_blank')
      expect(a.rel.split(' ').sort()).to.deep.equal(['noopener', 'noreferrer'])
      // "opens in a new tab" is their description, not part of the checkbox's name.
      expect(modalRoot().getElementById(a.getAttribute('aria-describedby')!)?.textContent).to.equal('opens in a new tab')
    }
  })

  it('refuses a javascript: address: that link is not drawn, the other is; with none left there is no checkbox', async () => {
    const warn = console.warn
    console.warn = () => {}
    try {
      const modal = await makeModal({ termsConditionsUrl: 'javascript:alert(document.cookie)', privacyPolicyUrl: PRIVACY, features: { legalCheckbox: true } })
      modal.open()
      await legalCheckbox()
      const root = modalRoot()
      expect(root.querySelector('[data-testid="legal-terms"]')).to.equal(null)
      expect(root.querySelector('[data-testid="legal-privacy"]')?.getAttribute('href')).to.equal(PRIVACY)
      expect([...root.querySelectorAll('a')].filter(a => !/^https?:/.test(a.href))).to.deep.equal([])
      expect(root.querySelector('label[for="wm-legal-check"]')?.textContent).to.equal('I agree to our Privacy Policy')
      cleanup()
      const none = await makeModal({ termsConditionsUrl: 'javascript:alert(1)', privacyPolicyUrl: 'data:text/html,hi', features: { legalCheckbox: true } })
      none.open()
      const all = await waitFor(() => findButton(modalRoot(), /^All Wallets/), 5000, 'Connect')
      expect(modalRoot().querySelector('[data-testid="legal-checkbox"]')).to.equal(null)
      expect(all.getAttribute('aria-disabled')).to.equal(null)
    } finally {
      console.warn = warn
    }
  })

  it('checked: the ways to connect work; the choice is remembered for the same pages and forgotten when unchecked', async () => {
    const storage = memoryStorage()
    const modal = await makeModal({ ...SECURE, ...LEGAL, storage, features: { legalCheckbox: true, email: true } })
    modal.open()
    const box = await legalCheckbox()
    box.click()
    await waitFor(() => connectControls().every(el => el.getAttribute('aria-disabled') === null), 5000, 'the controls unlocked')
    expect(box.checked).to.equal(true)
    expect(modalRoot().getElementById('wm-legal-hint')).to.equal(null)
    expect((modalRoot().querySelector('#wm-email') as HTMLInputElement).readOnly).to.equal(false)
    findButton(modalRoot(), /^All Wallets/)!.click()
    await waitFor(() => modal.router.state.view === 'AllWallets', 5000, 'All Wallets')
    // A later page load with the same storage: already agreed.
    cleanup()
    const again = await makeModal({ ...LEGAL, storage, features: { legalCheckbox: true } })
    again.open()
    expect((await legalCheckbox()).checked).to.equal(true)
    expect(findButton(modalRoot(), /^All Wallets/)!.getAttribute('aria-disabled')).to.equal(null)
    cleanup()
    // New terms at a new address: asked again.
    const newTerms = await makeModal({ termsConditionsUrl: `${TERMS}-v2`, privacyPolicyUrl: PRIVACY, storage, features: { legalCheckbox: true } })
    newTerms.open()
    expect((await legalCheckbox()).checked).to.equal(false)
    cleanup()
    // Unchecking locks again, and the next page load asks again.
    const third = await makeModal({ ...LEGAL, storage, features: { legalCheckbox: true } })
    third.open()
    const box3 = await legalCheckbox()
    expect(box3.checked).to.equal(true)
    box3.click()
    await waitFor(() => findButton(modalRoot(), /^All Wallets/)!.getAttribute('aria-disabled') === 'true', 5000, 'locked again')
    cleanup()
    const fourth = await makeModal({ ...LEGAL, storage, features: { legalCheckbox: true } })
    fourth.open()
    expect((await legalCheckbox()).checked).to.equal(false)
  })

  it('off by default: no checkbox, nothing locked', async () => {
    const modal = await makeModal(LEGAL)
    modal.open()
    const all = await waitFor(() => findButton(modalRoot(), /^All Wallets/), 5000, 'Connect')
    expect(modalRoot().querySelector('[data-testid="legal-checkbox"]')).to.equal(null)
    expect(all.getAttribute('aria-disabled')).to.equal(null)
  })
})

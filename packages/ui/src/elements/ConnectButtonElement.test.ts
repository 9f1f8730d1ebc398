import { expect } from 'chai'
import { cleanup, makeModal, waitFor } from '../__fixtures__/setup.js'

const mount = (attrs = ''): HTMLElement => {
  const host = document.createElement('div')
  host.dataset.testHost = ''
  host.innerHTML = `<connect-button ${attrs}></connect-button>`
  document.body.append(host)
  return host.querySelector('connect-button')!
}
const buttonOf = (el: HTMLElement) => el.shadowRoot?.querySelector('button')

describe('<connect-button>', () => {
  afterEach(cleanup)

  it("shows 'Connect Wallet' once a core exists and opens the modal on click", async () => {
    const el = mount()
    await makeModal()
    const button = await waitFor(() => buttonOf(el))
    expect(button.textContent).to.equal('Connect Wallet')
    const opened = new Promise(r => document.addEventListener('wm-open', r, { once: true }))
    button.click()
    await opened
    await waitFor(() => document.querySelector('wallet-modal')!.shadowRoot!.querySelector('[role="dialog"]'), 2000, 'the dialog')
  })

  it('takes its label and loading label from attributes', async () => {
    const modal = await makeModal()
    const el = mount('label="Sign in" loading-label="Hold on…"')
    await waitFor(() => buttonOf(el)?.textContent === 'Sign in')
    modal.chain.setAccount('eip155', { status: 'connecting' })
    await waitFor(() => buttonOf(el)?.textContent === 'Hold on…')
    expect(buttonOf(el)!.getAttribute('aria-busy')).to.equal('true')
  })

  it('shows the balance and the shortened address when connected', async () => {
    const modal = await makeModal()
    const el = mount()
    modal.chain.setAccount('eip155', { status: 'connected', address: '0x70997970C51812dc3A010C7d01b50e44d4bFf2E3', balance: '12.345', balanceSymbol: 'ETH' })
    const b = await waitFor(() => (buttonOf(el)?.textContent?.includes('0x7099') ? buttonOf(el) : undefined))
    expect(b.textContent).to.equal('12.345 ETH0x7099…f2E3')
    expect(b.getAttribute('aria-label')).to.equal('Account 0x70997970C51812dc3A010C7d01b50e44d4bFf2E3')
  })

  it('while a reload restores a stored account, shows that account busy, not Connect Wallet', async () => {
    const modal = await makeModal()
    const el = mount()
    modal.chain.setAccount('eip155', { status: 'reconnecting', address: '0x70997970C51812dc3A010C7d01b50e44d4bFf2E3' })
    const b = await waitFor(() => (buttonOf(el)?.textContent === '0x7099…f2E3' ? buttonOf(el) : undefined))
    expect(b.getAttribute('aria-busy')).to.equal('true')
    expect(b.dataset.connected).to.equal('false')
    // Restoring failed: back to the plain label.
    modal.chain.resetAccount('eip155')
    await waitFor(() => buttonOf(el)?.textContent === 'Connect Wallet')
  })

  it('can be bound to its own core through the core property', async () => {
    const a = await makeModal()
    const el = mount() as HTMLElement & { core: unknown }
    const { createCore } = await import('@wallet-modal/core/internal')
    const own = createCore({ projectId: 'own', networks: a.options.state.networks, storage: { getItem: () => null, setItem() {}, removeItem() {} } })
    el.core = own
    own.chain.setAccount('eip155', { status: 'connecting' })
    await waitFor(() => buttonOf(el)?.textContent === 'Connecting...')
    expect(a.chain.state.namespaces.eip155.account.status).to.equal('disconnected')
    own.destroy()
  })

  it('has a box of its own, the size of its button, that a click on the element itself reaches', async () => {
    const modal = await makeModal()
    const el = mount()
    const button = await waitFor(() => buttonOf(el))
    const host = el.getBoundingClientRect()
    const inner = button.getBoundingClientRect()
    expect(getComputedStyle(el).display).to.equal('inline-block')
    expect([host.left, host.top, host.width, host.height]).to.deep.equal([inner.left, inner.top, inner.width, inner.height])
    expect(host.width).to.be.greaterThan(0)
    // What a site's test does: click the element's centre.
    const hit = document.elementFromPoint(host.left + host.width / 2, host.top + host.height / 2)
    expect(hit).to.equal(el)
    expect(el.shadowRoot!.elementFromPoint(host.left + host.width / 2, host.top + host.height / 2)).to.equal(button)
    button.click()
    await waitFor(() => modal.modal.state.open)
    // A site's own display rule wins over the element's default.
    const style = document.createElement('style')
    style.textContent = 'connect-button { display: block }'
    el.parentElement!.append(style)
    expect(getComputedStyle(el).display).to.equal('block')
    expect(el.getBoundingClientRect().width).to.equal(el.parentElement!.getBoundingClientRect().width)
  })

  it("moves with a site's CSS: margin-left: auto in a flex header puts it at the end", async () => {
    await makeModal()
    const header = document.createElement('header')
    header.dataset.testHost = ''
    // A site's own stylesheet (a <style> in the page, as sites write them).
    header.innerHTML = `<style>.site-bar { display: flex; width: 600px; padding: 0 10px; box-sizing: border-box } .site-bar connect-button { margin-left: auto }</style>
      <div class="site-bar"><strong>Site</strong><connect-button></connect-button></div>`
    document.body.append(header)
    const bar = header.querySelector('.site-bar')!
    const el = header.querySelector('connect-button')! as HTMLElement
    await waitFor(() => buttonOf(el))
    const barBox = bar.getBoundingClientRect()
    const box = el.getBoundingClientRect()
    expect(box.right).to.equal(barBox.right - 10)
    expect(box.left).to.be.greaterThan(barBox.left + 300)
    expect(box.width).to.equal(buttonOf(el)!.getBoundingClientRect().width)
  })
})

describe('<connect-button> in other languages', () => {
  afterEach(cleanup)

  it("starts in the site's locale, follows setLocale (right-to-left for Arabic) and keeps the site's label", async () => {
    const modal = await makeModal({ locale: 'de' })
    const el = mount()
    await waitFor(() => buttonOf(el)?.textContent === 'Wallet verbinden', 3000, 'German')
    const root = el.shadowRoot!.querySelector('.wm-root')!
    expect([root.getAttribute('lang'), root.getAttribute('dir')]).to.deep.equal(['de', 'ltr'])
    await modal.setLocale('ar')
    await waitFor(() => buttonOf(el)?.textContent === 'ربط المحفظة', 3000, 'Arabic')
    expect([root.getAttribute('lang'), root.getAttribute('dir')]).to.deep.equal(['ar', 'rtl'])
    expect(modal.getLocale()).to.equal('ar')
    modal.chain.setAccount('eip155', { status: 'connected', address: '0x70997970C51812dc3A010C7d01b50e44d4bFf2E3' })
    await waitFor(() => buttonOf(el)?.getAttribute('aria-label') === 'الحساب 0x70997970C51812dc3A010C7d01b50e44d4bFf2E3', 3000, 'the account label in Arabic')
    modal.chain.setAccount('eip155', { status: 'disconnected', address: undefined })
    const labelled = mount('label="Sign in"')
    await waitFor(() => buttonOf(labelled)?.textContent === 'Sign in', 3000, "the site's label")
  })

  it("shows the site's replacement strings, and English for a locale without a catalogue", async () => {
    const warn = console.warn
    console.warn = () => {}
    try {
      const modal = await makeModal({ locale: 'tlh', messages: { 'button.connecting': 'Hang on…' } })
      const el = mount()
      await waitFor(() => buttonOf(el)?.textContent === 'Connect Wallet')
      expect(el.shadowRoot!.querySelector('.wm-root')!.getAttribute('lang')).to.equal('en')
      modal.chain.setAccount('eip155', { status: 'connecting' })
      await waitFor(() => buttonOf(el)?.textContent === 'Hang on…', 2000, "the site's string")
    } finally {
      console.warn = warn
    }
  })
})

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
})

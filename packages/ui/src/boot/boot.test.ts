// The bootstrap entry in a page of its own (each test file gets a fresh page): the tags are its
// React-free classes until the hand-over. disableAppend and embedded mode as the full entry has
// them, and the stand-in modal before and after its code loads.
import { expect } from 'chai'
import { createWalletModal } from '../exports/boot.js'
import { getDevnet, devnetNetworks, memoryStorage, waitFor } from '../__fixtures__/setup.js'
import { rendererInstalled } from '../elements/ElementBase.js'

describe('the bootstrap entry', () => {
  afterEach(() => {
    for (const el of document.querySelectorAll('wallet-modal, connect-button')) el.remove()
  })

  it('paints the button at once, appends nothing with disableAppend, and keeps settings for the modal', async () => {
    const button = document.createElement('connect-button')
    button.setAttribute('label', 'Sign in')
    document.body.append(button)
    // Painted without React: the renderer is not installed.
    expect(rendererInstalled()).to.equal(false)
    expect(button.shadowRoot!.querySelector('button')!.textContent).to.equal('Sign in')
    const info = await getDevnet()
    const modal = createWalletModal({ projectId: 'test', networks: devnetNetworks(info), storage: memoryStorage(), disableAppend: true, themeMode: 'light' })
    expect(document.querySelector('wallet-modal')).to.equal(null)
    // Before its code: answers from what it knows, keeps settings and listeners.
    expect(modal.getAccount()).to.deep.include({ status: 'disconnected', isConnected: false, namespace: 'eip155' })
    expect(modal.getState()).to.deep.include({ open: false })
    modal.setThemeMode('dark')
    expect(button.shadowRoot!.querySelector('.wm-root')!.className).to.equal('wm-root wm-theme-dark')
    const states: boolean[] = []
    modal.subscribeState(s => states.push(s.open))
    // A call that needs the modal loads it; then it is the real one's.
    await modal.refreshBalance()
    await waitFor(() => rendererInstalled(), 10000, 'the hand-over')
    expect(modal.getLocale()).to.equal('en')
    expect((modal as unknown as { theme: { state: { themeMode: string } } }).theme.state.themeMode).to.equal('dark')
    modal.open()
    await waitFor(() => states.includes(true), 5000, 'the listener subscribed before the load')
    modal.close()
    expect(button.shadowRoot!.querySelectorAll('button')).to.have.length(1)
    modal.destroy()
  })
})

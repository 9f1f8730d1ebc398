// The bootstrap in embedded mode (a page of its own): the modal's code loads at once, nothing is
// appended, and the site's <wallet-modal> shows the dialog in place after the hand-over.
import { expect } from 'chai'
import { createWalletModal } from '../exports/boot.js'
import { getDevnet, devnetNetworks, memoryStorage, waitFor } from '../__fixtures__/setup.js'
import { rendererInstalled } from '../elements/ElementBase.js'

describe('the bootstrap entry, embedded', () => {
  it('loads at once and renders the dialog where the site put <wallet-modal>', async () => {
    const info = await getDevnet()
    const modal = createWalletModal({ projectId: 'test', networks: devnetNetworks(info), storage: memoryStorage(), enableEmbedded: true })
    expect(document.querySelector('wallet-modal')).to.equal(null)
    const el = document.createElement('wallet-modal')
    document.body.append(el)
    // No click, no idle wait: embedded, the dialog is part of the page.
    const dialog = await waitFor(() => el.shadowRoot?.querySelector('[role="dialog"]'), 10000, 'the embedded dialog')
    expect(rendererInstalled()).to.equal(true)
    expect(el.shadowRoot!.querySelector('.wm-overlay')).to.equal(null)
    expect(dialog.hasAttribute('aria-modal')).to.equal(false)
    modal.destroy()
    el.remove()
  })
})

import { expect } from 'chai'
import { cleanup, devnetNetworks, findButton, getDevnet, makeModal, modalRoot, waitFor } from '../__fixtures__/setup.js'
import { solanaNetwork } from '@wallet-modal/devnet/testing'
import { rowLabel } from './ListItem.js'

describe('ListItem', () => {
  afterEach(cleanup)

  it('builds the name from its parts: "name, tag", or just the name', () => {
    expect(rowLabel('Devnet 2', 'EVM')).to.equal('Devnet 2, EVM')
    expect(rowLabel('Harbor Wallet', undefined)).to.equal(undefined)
  })

  it("network rows read 'Devnet 2, EVM': the stand-in initial is hidden and not in the text", async () => {
    const info = await getDevnet()
    const modal = await makeModal({ networks: [...devnetNetworks(info), solanaNetwork(info)], enableInjected: false })
    modal.open({ view: 'Networks' })
    const row = await waitFor(() => findButton(modalRoot(), 'Devnet 2, EVM'), 5000, "the row 'Devnet 2, EVM'")
    expect(row.getAttribute('aria-label')).to.equal('Devnet 2, EVM')
    expect(findButton(modalRoot(), `${info.solana.name}, Solana`)).to.not.equal(undefined)
    // The devnet networks have no image: an initial stands in, drawn by CSS and hidden from assistive technology.
    const initial = row.querySelector('.wm-image-placeholder')!
    expect(initial.getAttribute('aria-hidden')).to.equal('true')
    expect(getComputedStyle(initial, '::before').content).to.equal('"D"')
    // A space (not drawn) separates name and tag, so the visible text is in the accessible name (WCAG 2.5.3).
    expect(row.textContent).to.equal('Devnet 2 EVM')
  })
})

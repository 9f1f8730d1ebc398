import { expect } from 'chai'
import { fromAppKit, type WalletModalOptions } from '@wallet-modal/core'
import { cleanup, makeModal, waitFor } from '../__fixtures__/setup.js'

// A site moving from AppKit keeps its `themeVariables`: what it sees is the button and dialog in
// its colours (the mapping itself is core's appKitThemeVariables, tested there).
// The options as a migrating site writes them, through fromAppKit (makeModal adds the rest).
const appKit = (o: Partial<WalletModalOptions>) => fromAppKit(o as WalletModalOptions) as Partial<WalletModalOptions>

describe('AppKit theme variables on the page', () => {
  afterEach(cleanup)

  it('--w3m-accent and --w3m-border-radius-master, through fromAppKit, style <connect-button>; setThemeVariables restyles it', async () => {
    const host = document.createElement('div')
    host.dataset.testHost = ''
    host.innerHTML = '<connect-button></connect-button>'
    document.body.append(host)
    const modal = await makeModal(appKit({ themeVariables: { '--w3m-accent': 'rgb(1, 2, 3)', '--w3m-border-radius-master': '2px' } }))
    const button = await waitFor(() => host.querySelector('connect-button')?.shadowRoot?.querySelector('button'))
    expect(getComputedStyle(button).backgroundColor).to.equal('rgb(1, 2, 3)')
    // The button's corners are four times the master radius.
    expect(getComputedStyle(button).borderTopLeftRadius).to.equal('8px')
    modal.setThemeVariables({ '--wm-accent': 'rgb(4, 5, 6)' })
    await waitFor(() => getComputedStyle(button).backgroundColor === 'rgb(4, 5, 6)')
  })

  it('--w3m-z-index sets the open dialog’s stacking order', async () => {
    const modal = await makeModal(appKit({ themeVariables: { '--w3m-z-index': 1234 } }))
    void modal.open()
    const overlay = await waitFor(() => document.querySelector('wallet-modal')?.shadowRoot?.querySelector<HTMLElement>('.wm-overlay'))
    expect(getComputedStyle(overlay).zIndex).to.equal('1234')
  })
})

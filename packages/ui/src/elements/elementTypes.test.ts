// The typed face of the elements, checked twice: by the type-checker (this file is in `npm run
// typecheck`; each @ts-expect-error must stay an error) and in the browser (what the types promise
// is what arrives).
import { expect } from 'chai'
import { cleanup, makeModal, waitFor } from '../__fixtures__/setup.js'
import type { ConnectButtonElement, WalletModalElement } from '../exports/index.js'

describe('element typings', () => {
  afterEach(cleanup)

  it('types querySelector, createElement, properties and the wm-* events', async () => {
    const modal = await makeModal()
    const el: WalletModalElement = await waitFor(() => document.querySelector('wallet-modal') ?? undefined)
    const heard: string[] = []
    el.addEventListener('wm-connect', e => heard.push(`connect ${e.detail.address} ${e.detail.caipNetworkId}`))
    // Bubbling and composed: the document hears them with the same types.
    document.addEventListener('wm-disconnect', e => heard.push(`disconnect ${e.detail.namespaces.join(',')}`), { once: true })
    window.addEventListener('wm-network-change', e => heard.push(`network ${e.detail.caipNetworkId} ${e.detail.supported}`), { once: true })
    // @ts-expect-error: wm-connect's detail has no such field.
    el.addEventListener('wm-open', e => heard.push(e.detail.address))
    const button: ConnectButtonElement = document.createElement('connect-button')
    button.label = 'Sign in'
    // @ts-expect-error: a label is text.
    button.label = 3
    button.label = 'Sign in'
    // @ts-expect-error: the theme is 'light' or 'dark'.
    button.theme = 'blue'
    button.theme = 'dark'
    button.core = modal
    document.body.append(button)
    await waitFor(() => button.shadowRoot?.querySelector('button')?.textContent === 'Sign in')
    expect(button.shadowRoot!.querySelector('.wm-root')!.className).to.include('wm-theme-dark')

    modal.events.emit({ type: 'CONNECT_SUCCESS', data: { connectorId: 'injected', address: '0xabc', caipNetworkId: 'eip155:1', namespace: 'eip155' } })
    modal.events.emit({ type: 'SWITCH_NETWORK', data: { caipNetworkId: 'eip155:10', supported: false } })
    modal.events.emit({ type: 'DISCONNECT_SUCCESS', data: { namespaces: ['eip155', 'solana'] } })
    expect(heard).to.deep.equal(['connect 0xabc eip155:1', 'network eip155:10 false', 'disconnect eip155,solana'])
  })
})

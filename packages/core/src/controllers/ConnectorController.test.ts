import { expect } from 'chai'
import { BROWSER_WALLET_NAME, createConnectorController, isExcluded, normalizeWalletName, showsConnector } from './ConnectorController.js'
import type { Connector } from '../types/connector.js'
import type { Core } from '../createCore.js'
import { linkDirectory } from '../flows/walletLists.js'

const make = (over: Partial<Connector>): Connector => ({ id: 'x', name: 'X', type: 'ANNOUNCED', chain: 'eip155', ...over })

describe('ConnectorController', () => {
  it('adds, replaces by id, removes, and normalises Trust Wallet to Trust', () => {
    const c = createConnectorController()
    c.add(make({ id: 'a', name: 'A' }))
    c.add(make({ id: 'b', name: 'Trust Wallet' }))
    c.add(make({ id: 'a', name: 'A2' }))
    expect(c.state.connectors.map(x => x.name)).to.deep.equal(['A2', 'Trust'])
    c.remove('a')
    expect(c.state.connectors.map(x => x.id)).to.deep.equal(['b'])
    expect(normalizeWalletName('Trust Wallet')).to.equal('Trust')
  })
  it('excludes wallets by rdns or name, case-insensitively', () => {
    const w = make({ name: 'MetaMask', info: { rdns: 'io.metamask' } })
    expect(isExcluded(w, [{ rdns: 'IO.METAMASK' }])).to.equal(true)
    expect(isExcluded(w, [{ name: 'metamask' }])).to.equal(true)
    expect(isExcluded(w, [{ name: 'Rabby' }, { rdns: 'io.rabby' }])).to.equal(false)
  })
  it('hides the generic Browser Wallet on desktop, and on mobile without rdns or installed wallet', () => {
    const generic = make({ id: 'injected', type: 'INJECTED', name: BROWSER_WALLET_NAME })
    expect(showsConnector(generic, { mobile: false, injectedInstalled: true })).to.equal(false)
    expect(showsConnector(generic, { mobile: true, injectedInstalled: false })).to.equal(false)
    expect(showsConnector(generic, { mobile: true, injectedInstalled: true })).to.equal(true)
    expect(showsConnector({ ...generic, info: { rdns: 'x.y' } }, { mobile: true, injectedInstalled: false })).to.equal(true)
    expect(showsConnector(make({ type: 'INJECTED', name: 'MetaMask' }), { mobile: false, injectedInstalled: true })).to.equal(true)
  })
  it('filters the visible list', () => {
    const c = createConnectorController()
    c.add(make({ id: 'injected', type: 'INJECTED', name: BROWSER_WALLET_NAME }))
    c.add(make({ id: 'io.metamask', name: 'MetaMask', info: { rdns: 'io.metamask' } }))
    c.add(make({ id: 'io.rabby', name: 'Rabby', info: { rdns: 'io.rabby' } }))
    const visible = c.visible([{ name: 'Rabby' }], { mobile: false, injectedInstalled: true })
    expect(visible.map(x => x.id)).to.deep.equal(['io.metamask'])
  })
  it('links installed wallets to their directory entries by rdns (explorerId, imageId), kept when the wallet announces again', () => {
    const c = createConnectorController()
    c.add(make({ id: 'io.metamask', name: 'MetaMask', info: { rdns: 'io.metamask' } }))
    c.add(make({ id: 'injected', name: 'Browser Wallet', type: 'INJECTED' }))
    linkDirectory({ connector: c } as unknown as Core, [
      { id: 'c57ca95b', rdns: 'IO.METAMASK', image_id: 'img-mm' },
      { id: 'other', rdns: null, image_id: 'img-other' }
    ])
    expect(c.get('io.metamask')).to.include({ explorerId: 'c57ca95b', imageId: 'img-mm' })
    expect(c.get('injected')?.explorerId).to.equal(undefined)
    c.add(make({ id: 'io.metamask', name: 'MetaMask', info: { rdns: 'io.metamask' } }))
    expect(c.get('io.metamask')).to.include({ explorerId: 'c57ca95b', imageId: 'img-mm' })
  })
})

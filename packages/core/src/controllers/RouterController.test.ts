import { expect } from 'chai'
import { createRouterController } from './RouterController.js'

describe('RouterController', () => {
  it('pushes, replaces, goes back and resets', () => {
    const r = createRouterController()
    expect(r.state.view).to.equal('Connect')
    r.push('Account')
    r.push('Networks')
    expect(r.state.history).to.deep.equal(['Connect', 'Account', 'Networks'])
    r.replace('SwitchNetwork')
    expect(r.state.history).to.deep.equal(['Connect', 'Account', 'SwitchNetwork'])
    r.goBack()
    expect(r.state.view).to.equal('Account')
    r.goBack()
    r.goBack()
    expect(r.state.view).to.equal('Connect')
    expect(r.state.history).to.deep.equal(['Connect'])
    r.push('Account')
    r.push('Networks')
    r.push('SwitchNetwork')
    expect(r.goBackTo('Networks')).to.equal(true)
    expect(r.state.history).to.deep.equal(['Connect', 'Account', 'Networks'])
    expect(r.goBackTo('UnsupportedChain')).to.equal(false)
    r.reset('Account')
    expect(r.state.history).to.deep.equal(['Account'])
  })
  it('keeps view data without proxying it', () => {
    const r = createRouterController()
    const connector = { id: 'x', name: 'X', type: 'INJECTED' as const, chain: 'eip155' as const }
    r.push('ConnectingExternal', { connector })
    expect(r.state.data?.connector).to.equal(connector)
    r.goBack()
    expect(r.state.data).to.equal(undefined)
  })
})

import { expect } from 'chai'
import { createConnectionController, RECENT_WALLETS_KEPT } from './ConnectionController.js'

describe('ConnectionController', () => {
  it('keeps the 2 most recent wallets, most recent first, without duplicates', () => {
    const c = createConnectionController()
    expect(RECENT_WALLETS_KEPT).to.equal(2)
    c.addRecent({ id: 'a', name: 'A' })
    c.addRecent({ id: 'b', name: 'B' })
    c.addRecent({ id: 'a', name: 'A' })
    c.addRecent({ id: 'c', name: 'C' })
    expect(c.state.recentWallets.map(w => w.id)).to.deep.equal(['c', 'a'])
  })
  it('dedupes connections per connector id, case-insensitively', () => {
    const c = createConnectionController()
    c.setConnection('eip155', { connectorId: 'IO.Wallet', accounts: [{ address: '0x1', type: 'eoa' }] })
    c.setConnection('eip155', { connectorId: 'io.wallet', accounts: [{ address: '0x2', type: 'eoa' }] })
    expect(c.state.connections.eip155).to.have.length(1)
    expect(c.state.connections.eip155[0]!.accounts[0]!.address).to.equal('0x2')
    c.removeConnection('eip155', 'IO.WALLET')
    expect(c.state.connections.eip155).to.have.length(0)
  })
  it('clears the previous error when a new attempt starts', () => {
    const c = createConnectionController()
    c.setError({ code: 'USER_REJECTED', message: 'Connection rejected' })
    c.setConnecting('a')
    expect(c.state.error).to.equal(undefined)
    expect(c.state.connectingId).to.equal('a')
  })
})

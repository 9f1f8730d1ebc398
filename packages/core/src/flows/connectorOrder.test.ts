import { expect } from 'chai'
import { DEFAULT_CONNECTOR_TYPE_ORDER, connectorTypeOrder } from './connectorOrder.js'

describe('connector type order (spec §2)', () => {
  it('defaults to walletConnect, recent, injected, featured, custom, external, recommended', () => {
    expect(connectorTypeOrder(undefined)).to.deep.equal(['walletConnect', 'recent', 'injected', 'featured', 'custom', 'external', 'recommended'])
    expect([...DEFAULT_CONNECTOR_TYPE_ORDER]).to.deep.equal(connectorTypeOrder(undefined))
  })
  it('puts the site’s order first, keeps the rest, drops unknown names and duplicates', () => {
    expect(connectorTypeOrder(['injected', 'bogus', 'walletConnect', 'injected'])).to.deep.equal([
      'injected',
      'walletConnect',
      'recent',
      'featured',
      'custom',
      'external',
      'recommended'
    ])
    expect(connectorTypeOrder('injected')).to.deep.equal(connectorTypeOrder(undefined))
  })
})

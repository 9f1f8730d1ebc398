import { expect } from 'chai'
import { walletFeaturesOrder } from './walletFeatureOrder.js'

describe('wallet features of Account (spec §2 order)', () => {
  const all = () => true
  it('defaults to onramp, swaps, receive, send', () => {
    expect(walletFeaturesOrder(undefined, all, 'eip155')).to.deep.equal(['onramp', 'swaps', 'receive', 'send'])
  })
  it("puts the site's walletFeaturesOrder first, dropping unknown names and duplicates", () => {
    expect(walletFeaturesOrder(['send', 'bogus', 'send'], all, 'eip155')).to.deep.equal(['send', 'onramp', 'swaps', 'receive'])
    expect(walletFeaturesOrder('send', all, 'eip155')).to.deep.equal(['onramp', 'swaps', 'receive', 'send'])
  })
  it('shows only enabled features, and only where they work (no send on Bitcoin, swaps on EVM only, on-ramp on EVM and Solana)', () => {
    expect(walletFeaturesOrder(undefined, id => id === 'receive', 'eip155')).to.deep.equal(['receive'])
    expect(walletFeaturesOrder(undefined, all, 'bip122')).to.deep.equal(['receive'])
    expect(walletFeaturesOrder(undefined, all, 'solana')).to.deep.equal(['onramp', 'receive', 'send'])
  })
})

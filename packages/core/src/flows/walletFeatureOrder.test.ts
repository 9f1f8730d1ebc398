import { expect } from 'chai'
import { walletFeaturesOrder } from './walletFeatureOrder.js'

describe('wallet features of Account (spec §2 order)', () => {
  const all = () => true
  it('defaults to onramp, swaps, receive, send, keeping only the features that have views (receive, send)', () => {
    expect(walletFeaturesOrder(undefined, all, 'eip155')).to.deep.equal(['receive', 'send'])
  })
  it("puts the site's walletFeaturesOrder first, dropping unknown names and duplicates", () => {
    expect(walletFeaturesOrder(['send', 'bogus', 'send'], all, 'eip155')).to.deep.equal(['send', 'receive'])
    expect(walletFeaturesOrder('send', all, 'eip155')).to.deep.equal(['receive', 'send'])
  })
  it('shows only enabled features, and only where they work (no send on Bitcoin)', () => {
    expect(walletFeaturesOrder(undefined, id => id !== 'send', 'eip155')).to.deep.equal(['receive'])
    expect(walletFeaturesOrder(undefined, all, 'bip122')).to.deep.equal(['receive'])
    expect(walletFeaturesOrder(undefined, all, 'solana')).to.deep.equal(['receive', 'send'])
  })
})

import { expect } from 'chai'
import { portfolioTotal } from './portfolioTotal.js'

describe('portfolioTotal', () => {
  it('sums the known values and counts the balances without a price apart', () => {
    expect(portfolioTotal([{ value: 1.5 }, { value: undefined }, { value: 2.25 }, {}])).to.deep.equal({ usd: 3.75, unpriced: 2 })
  })
  it('is 0 with nothing left out when every price is known, or when there are no balances', () => {
    expect(portfolioTotal([{ value: 0 }, { value: 4 }])).to.deep.equal({ usd: 4, unpriced: 0 })
    expect(portfolioTotal([])).to.deep.equal({ usd: 0, unpriced: 0 })
  })
  it('has no total (unknown, not $0) when no balance has a price', () => {
    expect(portfolioTotal([{}, { value: Number.NaN }])).to.deep.equal({ usd: undefined, unpriced: 2 })
  })
})

import { expect } from 'chai'
import { formatPercentIn } from './formatPercentIn.js'

describe('formatPercentIn', () => {
  it('writes a percentage the locale’s way, with 2 decimals', () => {
    expect(formatPercentIn('en', 1.2345)).to.equal('1.23%')
    expect(formatPercentIn('en', 0.004)).to.equal('<0.01%')
    expect(formatPercentIn('de', 1.2345)).to.match(/^1,23\s%$/u)
    expect(formatPercentIn('tr', 12.5)).to.equal('%12,50')
    expect(formatPercentIn('fr', 0.004)).to.match(/^<0,01\s%$/u)
  })
})

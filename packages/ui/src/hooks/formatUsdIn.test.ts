import { expect } from 'chai'
import { formatUsdIn } from './formatUsdIn.js'

describe('formatUsdIn', () => {
  it('writes USD the locale’s way, 2 decimals truncated like balances', () => {
    expect(formatUsdIn('en', 1234.567)).to.equal('$1,234.56')
    expect(formatUsdIn('de', 1234.567)).to.match(/^1\.234,56\s\$$/u)
    expect(formatUsdIn('ja', 0.999)).to.equal('$0.99')
    // 4.35 is 4.3499999… as a float: the cent is kept, as core's formatUsd keeps it.
    expect(formatUsdIn('fr', 4.35)).to.match(/^4,35\s\$US$/u)
    expect(formatUsdIn('pt-BR', -2.5)).to.match(/^-US\$\s2,50$/u)
  })
})

import { expect } from 'chai'
import { abbreviateBalance } from './abbreviateBalance.js'

describe('abbreviateBalance (displayBalance)', () => {
  it('keeps 3 decimals below 1, 2 below 100, 1 below 10,000 with separators; cuts, never rounds; drops trailing zeros', () => {
    expect(abbreviateBalance('0')).to.equal('0')
    expect(abbreviateBalance('0.000')).to.equal('0')
    expect(abbreviateBalance('0.1239')).to.equal('0.123')
    expect(abbreviateBalance('0.100')).to.equal('0.1')
    expect(abbreviateBalance('1.999')).to.equal('1.99')
    expect(abbreviateBalance('42')).to.equal('42')
    expect(abbreviateBalance('99.5')).to.equal('99.5')
    expect(abbreviateBalance('100.99')).to.equal('100.9')
    expect(abbreviateBalance('1234.567')).to.equal('1,234.5')
    expect(abbreviateBalance('9999.999')).to.equal('9,999.9')
    expect(abbreviateBalance('1000.0')).to.equal('1,000')
  })

  it('names larger amounts by thousands, millions, billions and trillions, with one decimal', () => {
    expect(abbreviateBalance('10000')).to.equal('10k')
    expect(abbreviateBalance('12345.678')).to.equal('12.3k')
    expect(abbreviateBalance('999999.9')).to.equal('999.9k')
    expect(abbreviateBalance('1000000')).to.equal('1m')
    expect(abbreviateBalance('4567890')).to.equal('4.5m')
    expect(abbreviateBalance('1200000000')).to.equal('1.2b')
    expect(abbreviateBalance('3000000000000')).to.equal('3t')
    // Past trillions the unit stays t.
    expect(abbreviateBalance('5000000000000000')).to.equal('5000t')
  })

  it('reads leading zeros and a bare point; returns other text unchanged', () => {
    expect(abbreviateBalance('007.5')).to.equal('7.5')
    expect(abbreviateBalance('12.')).to.equal('12')
    expect(abbreviateBalance(' 1.5 ')).to.equal('1.5')
    expect(abbreviateBalance('-1')).to.equal('-1')
    expect(abbreviateBalance('1e21')).to.equal('1e21')
    expect(abbreviateBalance('')).to.equal('')
  })
})

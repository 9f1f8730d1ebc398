import { expect } from 'chai'
import { formatBalance, truncateDecimals } from './format.js'

describe('format', () => {
  it('truncates to 3 decimals without rounding up', () => {
    expect(truncateDecimals('1.23999')).to.equal('1.239')
    expect(truncateDecimals('0.0009')).to.equal('0.000')
    expect(truncateDecimals('10000')).to.equal('10000.000')
    expect(truncateDecimals('2.5')).to.equal('2.500')
    expect(truncateDecimals('-0.0001')).to.equal('0.000')
    expect(truncateDecimals('-1.23456')).to.equal('-1.234')
    expect(truncateDecimals('7.891', 0)).to.equal('7')
  })
  it('formats wei with the unit decimals, truncated', () => {
    expect(formatBalance(9999999999999999999n, 18)).to.equal('9.999')
    expect(formatBalance(10000n * 10n ** 18n, 18)).to.equal('10000.000')
    expect(formatBalance(1234567n, 6)).to.equal('1.234')
    expect(formatBalance(0n, 18)).to.equal('0.000')
  })
})

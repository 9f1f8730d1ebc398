import { expect } from 'chai'
import { formatUsd, truncateDecimals } from './format.js'
import { formatBalance } from './formatBalance.js'

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
  it('formats USD with 2 truncated decimals and separators', () => {
    expect(formatUsd(1234567.899)).to.equal('$1,234,567.89')
    expect(formatUsd(0.5)).to.equal('$0.50')
    expect(formatUsd(0)).to.equal('$0.00')
    expect(formatUsd(-12.345)).to.equal('-$12.34')
    expect(formatUsd(NaN)).to.equal('$0.00')
  })
})

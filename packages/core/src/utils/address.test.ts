import { expect } from 'chai'
import { assertEvmChainId, isEvmAddress, shortenAddress } from './address.js'

describe('address', () => {
  it('accepts 40 hex digits with or without 0x', () => {
    expect(isEvmAddress('0x70997970C51812dc3A010C7d01b50e44d4bFf2E3')).to.equal(true)
    expect(isEvmAddress('70997970c51812dc3a010c7d01b50e44d4bff2e3')).to.equal(true)
  })
  it('rejects other lengths and non-hex', () => {
    for (const bad of ['0x7099', '0x70997970C51812dc3A010C7d01b50e44d4bFf2E', '0xZ0997970C51812dc3A010C7d01b50e44d4bFf2E3', '', 1, null]) {
      expect(isEvmAddress(bad), String(bad)).to.equal(false)
    }
  })
  it('accepts chain ids below 2147483648, decimal or hex', () => {
    expect(assertEvmChainId(1)).to.equal(1)
    expect(assertEvmChainId('0x7a69')).to.equal(31337)
    expect(assertEvmChainId(2147483647)).to.equal(2147483647)
  })
  it("rejects chain ids at or above 2147483648 with 'Invalid chainId'", () => {
    for (const bad of [2147483648, 0, -1, 1.5, '0x', 'abc', NaN, undefined]) {
      expect(() => assertEvmChainId(bad), String(bad)).to.throw('Invalid chainId')
    }
  })
  it('shortens an address to head…tail', () => {
    expect(shortenAddress('0x70997970C51812dc3A010C7d01b50e44d4bFf2E3')).to.equal('0x7099…f2E3')
    expect(shortenAddress('0x1234')).to.equal('0x1234')
  })
})

import { expect } from 'chai'
import { isTransactionResponse, rpcResponseKind } from './rpcResponse.js'

describe('the transaction-response shape rule (spec §5)', () => {
  it('a 0x transaction hash of 64 hex digits is a transaction response', () => {
    expect(rpcResponseKind(`0x${'ab'.repeat(32)}`)).to.equal('transaction')
    expect(rpcResponseKind(`0x${'AB'.repeat(32)}`)).to.equal('transaction')
  })
  it('a signed message of 62 or more hex digits is a transaction response, with or without 0x', () => {
    expect(rpcResponseKind(`0x${'1'.repeat(62)}`)).to.equal('transaction')
    expect(rpcResponseKind(`0x${'cd'.repeat(65)}`)).to.equal('transaction')
    expect(rpcResponseKind('cd'.repeat(65))).to.equal('transaction')
  })
  it('anything else is an object response', () => {
    for (const value of [
      `0x${'1'.repeat(61)}`,
      `0x${'g'.repeat(64)}`,
      '0x',
      '',
      'hello',
      null,
      undefined,
      42,
      { id: '0x01' },
      [`0x${'ab'.repeat(32)}`],
      `0x${'a'.repeat(70_000)}`
    ]) {
      expect(rpcResponseKind(value), String(value).slice(0, 20)).to.equal('object')
      expect(isTransactionResponse(value)).to.equal(false)
    }
  })
})

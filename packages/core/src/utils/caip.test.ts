import { expect } from 'chai'
import { getPlainAddress, isCaipAddress, isCaipNetworkId, parseCaipAddress, parseCaipNetworkId, toCaipAddress } from './caip.js'
import { WalletModalError } from '../errors/WalletModalError.js'

describe('caip', () => {
  it('parses a CAIP-2 network id of exactly two non-empty parts', () => {
    expect(parseCaipNetworkId('eip155:1')).to.deep.equal({ namespace: 'eip155', chainId: '1' })
    expect(isCaipNetworkId('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).to.equal(true)
  })

  for (const bad of ['eip155', 'eip155:', ':1', 'eip155:1:0xabc', '', 42, undefined]) {
    it(`rejects CAIP-2 ${JSON.stringify(bad)} with the spec's message`, () => {
      expect(() => parseCaipNetworkId(bad)).to.throw(WalletModalError, `Invalid CAIP-2 network id: ${String(bad)}`)
      expect(isCaipNetworkId(bad)).to.equal(false)
    })
  }

  it('parses a CAIP-10 address of exactly three non-empty parts', () => {
    const a = 'eip155:1:0x70997970C51812dc3A010C7d01b50e44d4bFf2E3'
    expect(parseCaipAddress(a)).to.deep.equal({ namespace: 'eip155', chainId: '1', address: '0x70997970C51812dc3A010C7d01b50e44d4bFf2E3' })
    expect(getPlainAddress(a)).to.equal('0x70997970C51812dc3A010C7d01b50e44d4bFf2E3')
    expect(toCaipAddress('eip155:1', '0xabc')).to.equal('eip155:1:0xabc')
  })

  for (const bad of ['eip155:1', 'eip155::0xabc', 'a:b:c:d', ':1:0xabc', null]) {
    it(`rejects CAIP-10 ${JSON.stringify(bad)}`, () => {
      expect(() => parseCaipAddress(bad)).to.throw(WalletModalError, `Invalid CAIP-10 address: ${String(bad)}`)
      expect(() => getPlainAddress(bad)).to.throw('Invalid CAIP Address')
      expect(isCaipAddress(bad)).to.equal(false)
    })
  }
})

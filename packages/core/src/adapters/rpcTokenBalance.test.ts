import { expect } from 'chai'
import { MAX_DECIMALS, MAX_NAME_LENGTH, MAX_SYMBOL_LENGTH, cleanTokenText, nativeRpcBalance, tokenRpcBalance } from './rpcTokenBalance.js'
import { TEST_NETWORKS } from '../__fixtures__/networks.js'

const network = TEST_NETWORKS[0]!
const token = { address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', image: 'https://example.com/t.png' }

describe('rpcTokenBalance', () => {
  it('cleans what a token contract returns: control, bidi and zero-width characters out, length capped', () => {
    expect(cleanTokenText('US\u202eDT\u0000\n', 32)).to.equal('USDT')
    expect(cleanTokenText('  Wrapped\t\tEther  ', 64)).to.equal('Wrapped Ether')
    expect(cleanTokenText('\u200b\u0007', 32)).to.equal(undefined)
    expect(cleanTokenText(42, 32)).to.equal(undefined)
    expect(cleanTokenText('x'.repeat(1_000_000), MAX_SYMBOL_LENGTH)).to.have.length(MAX_SYMBOL_LENGTH)
    // Cut by characters, not UTF-16 units: no half of a surrogate pair.
    expect(cleanTokenText('🦊'.repeat(40), 3)).to.equal('🦊🦊🦊')
  })

  it('shapes the native coin and a token as the data API does, without prices (unknown, not 0)', () => {
    expect(nativeRpcBalance(network, 1_500_000_000_000_000_000n)).to.deep.equal({
      name: 'Ether',
      symbol: 'ETH',
      chainId: 'eip155:31337',
      quantity: { decimals: '18', numeric: '1.5' },
      iconUrl: undefined
    })
    expect(tokenRpcBalance(network, { token, balance: 2_500_000n, decimals: 6, symbol: 'DUSD', name: 'Devnet USD' })).to.deep.equal({
      name: 'Devnet USD',
      symbol: 'DUSD',
      chainId: 'eip155:31337',
      address: `eip155:31337:${token.address}`,
      quantity: { decimals: '6', numeric: '2.5' },
      iconUrl: token.image
    })
  })

  it(`leaves out tokens with decimals outside 0..${MAX_DECIMALS} or no readable symbol; the name falls back to the symbol`, () => {
    for (const decimals of [-1, MAX_DECIMALS + 1, 255, 1.5, '6', undefined])
      expect(tokenRpcBalance(network, { token, balance: 1n, decimals, symbol: 'T' }), String(decimals)).to.equal(undefined)
    expect(tokenRpcBalance(network, { token, balance: 1n, decimals: 0, symbol: 'T' })!.quantity).to.deep.equal({ decimals: '0', numeric: '1' })
    expect(tokenRpcBalance(network, { token, balance: 1n, decimals: 36n, symbol: 'T' })!.quantity.decimals).to.equal('36')
    expect(tokenRpcBalance(network, { token, balance: 1n, decimals: 6, symbol: '\u0000' })).to.equal(undefined)
    expect(tokenRpcBalance(network, { token, balance: -1n, decimals: 6, symbol: 'T' })).to.equal(undefined)
    expect(tokenRpcBalance(network, { token, balance: 1n, decimals: 6, symbol: 'T', name: 'N'.repeat(500) })!.name).to.have.length(MAX_NAME_LENGTH)
    expect(tokenRpcBalance(network, { token, balance: 1n, decimals: 6, symbol: 'T' })!.name).to.equal('T')
  })
})

import { expect } from 'chai'
import { isValidWalletAsset, parseBalances } from './schemas.js'

const good = {
  name: 'Devnet USD',
  symbol: 'DUSD',
  chainId: 'eip155:31337',
  address: 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3',
  value: 10,
  price: 1,
  quantity: { decimals: '6', numeric: '10' },
  iconUrl: 'https://x/y.png'
}

describe('service response schemas', () => {
  it('keeps valid balances and drops malformed ones and zero-decimal ones', () => {
    const out = parseBalances({ balances: [good, { ...good, symbol: 5 }, { ...good, quantity: { decimals: '0', numeric: '3' } }, null, { name: 'x' }] })
    expect(out).to.have.length(1)
    expect(out[0]!.symbol).to.equal('DUSD')
    expect(() => parseBalances({ nope: [] })).to.throw()
  })
  it('applies the wallet asset rule of spec §5', () => {
    const asset = { address: '0x1', balance: '0x0a', type: 'ERC20', metadata: { name: 'A', symbol: 'A', decimals: 6 } }
    expect(isValidWalletAsset(asset)).to.equal(true)
    expect(isValidWalletAsset({ ...asset, type: 'NFT' })).to.equal(false)
    expect(isValidWalletAsset({ ...asset, balance: 10 })).to.equal(false)
    expect(isValidWalletAsset({ ...asset, metadata: { ...asset.metadata, decimals: '6' } })).to.equal(false)
    expect(isValidWalletAsset({ ...asset, address: undefined })).to.equal(false)
  })
})

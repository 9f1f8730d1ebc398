import { expect } from 'chai'
import { createBlockchainApiController, BALANCE_RETRY_BLOCK_MS, CACHE_MS } from './BlockchainApiController.js'

const bal = (value: number) => ({
  name: 'T',
  symbol: 'T',
  chainId: 'eip155:1',
  value,
  price: 1,
  quantity: { decimals: '6', numeric: String(value) },
  iconUrl: null
})

describe('BlockchainApiController', () => {
  it('has the spec lifetimes', () => {
    expect(BALANCE_RETRY_BLOCK_MS).to.equal(30_000)
    expect(CACHE_MS).to.deep.equal({ portfolio: 30_000, nativeBalance: 30_000, identity: 300_000, names: 300_000 })
  })
  it('stores balances, sums their USD value, and blocks retries 30 s after a failure', () => {
    const c = createBlockchainApiController()
    c.setBalancesLoading('eip155:1:0xa')
    c.setBalances('eip155:1:0xa', [bal(1.5), bal(2.25)])
    expect(c.totalUsd()).to.equal(3.75)
    c.setBalancesError('Token Balance Unavailable', 1000)
    expect(c.state.retryBlockedUntil).to.equal(31_000)
    expect(c.state.balancesError).to.equal('Token Balance Unavailable')
    c.setBalancesLoading('eip155:1:0xb')
    expect(c.state.tokenBalances).to.deep.equal([])
  })
})

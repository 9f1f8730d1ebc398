// What the on-ramp calls accept and refuse: the body the modal sends and the URL it will open.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import * as v from 'valibot'
import { OnRampQuoteBodySchema, OnRampUrlBodySchema, OnRampUrlSchema } from './onrampEndpoints.js'

const WALLET = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('on-ramp calls', () => {
  it('takes a quote request with decimal money and short ids, and nothing more', () => {
    const good = { purchaseCurrency: 'DUSD', paymentCurrency: 'USD', amount: '49.99', network: 'devnet-2' }
    assert.equal(v.safeParse(OnRampQuoteBodySchema, good).success, true)
    for (const bad of [{ amount: '-1' }, { amount: '1e3' }, { amount: '' }, { network: 'dev net' }, { purchaseCurrency: '<b>' }, { extra: 1 }]) {
      assert.equal(v.safeParse(OnRampQuoteBodySchema, { ...good, ...bad }).success, false, JSON.stringify(bad))
    }
  })

  it('takes exactly one destination wallet with an address of a known family', () => {
    const good = {
      destinationWallets: [{ address: WALLET, blockchains: ['devnet'], assets: ['DUSD'] }],
      defaultNetwork: 'devnet',
      partnerUserId: WALLET,
      defaultExperience: 'buy'
    }
    assert.equal(v.safeParse(OnRampUrlBodySchema, good).success, true)
    assert.equal(v.safeParse(OnRampUrlBodySchema, { ...good, destinationWallets: [] }).success, false)
    assert.equal(v.safeParse(OnRampUrlBodySchema, { ...good, destinationWallets: [good.destinationWallets[0], good.destinationWallets[0]] }).success, false)
    assert.equal(
      v.safeParse(OnRampUrlBodySchema, { ...good, destinationWallets: [{ ...good.destinationWallets[0], address: 'javascript:alert(1)' }] }).success,
      false
    )
    assert.equal(v.safeParse(OnRampUrlBodySchema, { ...good, defaultExperience: 'send' }).success, false)
  })

  it('passes on only http(s) checkout URLs', () => {
    assert.equal(v.safeParse(OnRampUrlSchema, { url: 'https://pay.example/checkout/1' }).success, true)
    for (const url of ['javascript:alert(1)', 'data:text/html,x', 'not a url']) assert.equal(v.safeParse(OnRampUrlSchema, { url }).success, false, url)
  })
})

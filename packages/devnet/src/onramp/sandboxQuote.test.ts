// The sandbox's quote maths: fees rounded up to the cent, the purchase rounded down to the base unit.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { sandboxCents, sandboxQuote } from './sandboxQuote.js'

describe('sandboxQuote', () => {
  it('takes 1.5% (rounded up) and a 0.10 network fee, and buys DUSD at 1 USD', () => {
    assert.deepEqual(sandboxQuote('100', 'USD'), {
      purchase: '98.4',
      units: 98_400_000n,
      subtotal: '98.40',
      total: '100.00',
      networkFee: '0.10',
      providerFee: '1.50'
    })
    assert.equal(sandboxQuote('20.01', 'USD')?.providerFee, '0.31')
  })

  it('converts EUR at its USD rate, and buys SOL at 150 USD in lamports', () => {
    assert.equal(sandboxQuote('100', 'EUR')?.purchase, '106.272')
    assert.deepEqual([sandboxQuote('150', 'USD', 'SOL')?.purchase, sandboxQuote('150', 'USD', 'SOL')?.units], ['0.984333333', 984_333_333n])
  })

  it('quotes nothing for what is not money, an unknown currency, or an amount the fees eat', () => {
    for (const [amount, currency] of [
      ['1.234', 'USD'],
      ['-5', 'USD'],
      ['1e3', 'USD'],
      ['100', 'GBP'],
      ['0.10', 'USD']
    ]) {
      assert.equal(sandboxQuote(amount!, currency!), undefined, `${amount} ${currency}`)
    }
  })

  it('reads cents of up to two places', () => {
    assert.deepEqual(['12.5', '12.05', '7', '1234567890', '1.'].map(sandboxCents), [1250n, 1205n, 700n, undefined, undefined])
  })
})

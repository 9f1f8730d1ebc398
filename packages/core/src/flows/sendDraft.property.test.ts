import { expect } from 'chai'
import fc from 'fast-check'
import { formatUnits, parseUnits } from 'viem'
import type { TokenBalance } from '../api/schemas.js'
import { amountError } from './sendDraft.js'

// A fixed seed: every run tries the same inputs, so a failure reproduces and CI is never flaky.
fc.configureGlobal({ seed: 20261123 })

// The Send amount is typed by the visitor; the token's decimals and balance come from the
// balance service. Whatever either holds, checking an amount never throws, accepts only positive
// decimals within the token's places and balance, and an accepted amount means what was typed.

const token = (decimals: string, numeric: string): TokenBalance => ({
  name: 'T',
  symbol: 'T',
  chainId: 'eip155:1',
  value: 0,
  price: 0,
  quantity: { decimals, numeric }
})
const decimals = fc.integer({ min: 0, max: 36 })
const amountText = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.stringMatching(/^\d{0,30}\.?\d{0,40}$/),
  fc.tuple(fc.bigInt({ min: 0n, max: 10n ** 40n }), decimals).map(([n, d]) => formatUnits(n, d))
)

describe('Send amounts (properties)', () => {
  it('never throws, whatever the amount and whatever the service said about the token', () => {
    const serviceDecimals = fc.oneof(decimals.map(String), fc.string({ maxLength: 6 }), fc.constantFrom('-1', '1e3', 'NaN', '1.5', '999999'))
    const serviceNumeric = fc.oneof(
      fc.bigInt({ min: 0n, max: 10n ** 30n }).map(String),
      fc.string({ maxLength: 12 }),
      fc.constantFrom('1e21', '-5', '0x10', '1.2.3', '')
    )
    fc.assert(
      fc.property(amountText, serviceDecimals, serviceNumeric, (amount, d, numeric) => {
        const result = amountError(token(d, numeric), amount)
        expect([undefined, 'INVALID_AMOUNT', 'INSUFFICIENT_FUNDS']).to.include(result)
      }),
      { numRuns: 2000 }
    )
  })

  it('accepts only a positive decimal within the token’s places and balance', () => {
    fc.assert(
      fc.property(amountText, decimals, fc.bigInt({ min: 0n, max: 10n ** 40n }), (amount, d, balance) => {
        const result = amountError(token(String(d), formatUnits(balance, d)), amount)
        if (result !== undefined || amount === '') return
        expect(amount).to.match(/^(\d+\.?\d*|\.\d+)$/)
        const [, frac = ''] = amount.split('.')
        expect(frac.length).to.be.at.most(d)
        const value = parseUnits(amount.replace(/\.$/, ''), d)
        expect(value > 0n && value <= balance, `${amount} of ${balance} (${d})`).to.equal(true)
      }),
      { numRuns: 2000 }
    )
  })

  it('the whole balance is always sendable, one unit more never is', () => {
    fc.assert(
      fc.property(decimals, fc.bigInt({ min: 1n, max: 10n ** 40n }), (d, balance) => {
        const t = token(String(d), formatUnits(balance, d))
        expect(amountError(t, formatUnits(balance, d))).to.equal(undefined)
        expect(amountError(t, formatUnits(balance + 1n, d))).to.equal('INSUFFICIENT_FUNDS')
      }),
      { numRuns: 500 }
    )
  })
})

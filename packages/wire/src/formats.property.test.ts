import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import * as v from 'valibot'
import { AccountAddressSchema, BitcoinAddressSchema, Caip10Schema, Caip2Schema, EvmAddressSchema, SolanaAddressSchema } from './formats.js'

// A fixed seed: every run tries the same inputs, so a failure reproduces and CI is never flaky.
fc.configureGlobal({ seed: 20261123 })

// The wire contract's formats are the server's first check on every request: whatever a caller
// sends, a schema answers (never throws from `safeParse`), and what it accepts has the spec's
// shape: CAIP-2 two parts, CAIP-10 three, within their length bounds.

const anyInput = fc.oneof(fc.string({ maxLength: 200 }), fc.anything(), fc.stringMatching(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}(:[-.%a-zA-Z0-9]{1,128})?$/))

describe('wire formats (properties)', () => {
  it('CAIP-2 and CAIP-10: accepted values have exactly two / three non-empty parts and stay within bounds', () => {
    fc.assert(
      fc.property(anyInput, value => {
        const caip2 = v.safeParse(Caip2Schema, value)
        if (caip2.success) {
          const parts = caip2.output.split(':')
          assert.equal(parts.length, 2)
          assert.ok(parts.every(p => p.length > 0) && caip2.output.length <= 41)
        }
        const caip10 = v.safeParse(Caip10Schema, value)
        if (caip10.success) {
          const parts = caip10.output.split(':')
          assert.equal(parts.length, 3)
          assert.ok(parts.every(p => p.length > 0) && caip10.output.length <= 170)
        }
      }),
      { numRuns: 1500 }
    )
  })

  it('addresses: nothing but the spec’s shapes passes, nothing throws', () => {
    fc.assert(
      fc.property(fc.oneof(anyInput, fc.stringMatching(/^0x[0-9a-fA-F]{38,42}$/), fc.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{30,46}$/)), value => {
        if (v.is(EvmAddressSchema, value)) assert.match(value, /^0x[0-9a-fA-F]{40}$/)
        if (v.is(SolanaAddressSchema, value)) assert.ok(value.length >= 32 && value.length <= 44)
        if (v.is(AccountAddressSchema, value)) assert.ok(v.is(EvmAddressSchema, value) || v.is(SolanaAddressSchema, value))
        v.safeParse(BitcoinAddressSchema, value)
      }),
      { numRuns: 1500 }
    )
  })
})

import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import { base58 } from '@scure/base'
import { isSolanaAddress } from './isSolanaAddress.js'

// A fixed seed: every run tries the same inputs, so a failure reproduces and CI is never flaky.
fc.configureGlobal({ seed: 20261123 })

// A Solana address is base58 text of exactly 32 bytes: every 32-byte key's encoding passes,
// nothing else does, and no input makes the check throw.

describe('isSolanaAddress (properties)', () => {
  it('accepts the base58 encoding of every 32-byte key', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), key => {
        assert.equal(isSolanaAddress(base58.encode(key)), true)
      }),
      { numRuns: 1000 }
    )
  })

  it('refuses other lengths and non-base58 text, never throwing', () => {
    const inputs = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{28,48}$/),
      fc
        .uint8Array({ maxLength: 40 })
        .filter(b => b.length !== 32)
        .map(b => base58.encode(b))
    )
    fc.assert(
      fc.property(inputs, text => {
        const accepted = isSolanaAddress(text)
        let bytes: number | undefined
        try {
          bytes = base58.decode(text).length
        } catch {
          bytes = undefined
        }
        assert.equal(accepted, bytes === 32, text)
      }),
      { numRuns: 1500 }
    )
  })
})

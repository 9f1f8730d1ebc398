import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import { decodeHistoryCursor, encodeHistoryCursor, type HistoryCursor } from './historyCursor.js'

// A fixed seed: every run tries the same inputs, so a failure reproduces and CI is never flaky.
fc.configureGlobal({ seed: 20261123 })

// The activity feed's `cursor` query parameter comes from callers: decoding never throws, only
// returns cursors whose fields are valid, and decoding what the server encoded gives it back.

const count = fc.maxSafeNat()
const caip2 = fc.tuple(fc.stringMatching(/^[-a-z0-9]{3,8}$/), fc.stringMatching(/^[-_a-zA-Z0-9]{1,32}$/)).map(([ns, ref]) => `${ns}:${ref}`)
const cursor: fc.Arbitrary<HistoryCursor> = fc.record({ minedAt: count, blockNumber: count, txIndex: count, chainId: caip2 })

describe('history cursors (properties)', () => {
  it('decode(encode(cursor)) is the cursor', () => {
    fc.assert(
      fc.property(cursor, c => {
        assert.deepEqual(decodeHistoryCursor(encodeHistoryCursor(c)), { ...c })
      }),
      { numRuns: 1000 }
    )
  })

  it('decoding any text never throws and yields only valid cursors', () => {
    const texts = fc.oneof(
      fc.string(),
      fc.stringMatching(/^[A-Za-z0-9_-]{1,200}$/),
      fc.jsonValue({ maxDepth: 2 }).map(v => Buffer.from(JSON.stringify(v)).toString('base64url')),
      fc.tuple(fc.anything(), fc.anything(), fc.anything(), fc.anything()).map(v => Buffer.from(JSON.stringify(v) ?? '').toString('base64url'))
    )
    fc.assert(
      fc.property(texts, text => {
        const c = decodeHistoryCursor(text)
        if (!c) return
        for (const n of [c.minedAt, c.blockNumber, c.txIndex]) assert.ok(Number.isSafeInteger(n) && n >= 0)
        assert.match(c.chainId, /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/)
        // What is accepted is exactly what the server would have written.
        assert.equal(encodeHistoryCursor(c), Buffer.from(JSON.stringify([c.minedAt, c.blockNumber, c.txIndex, c.chainId])).toString('base64url'))
      }),
      { numRuns: 1500 }
    )
  })
})

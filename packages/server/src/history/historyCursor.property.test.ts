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
const key = fc.record({ minedAt: count, blockNumber: count, txIndex: count, chainId: caip2 })
// With the providers' part: other chains' positions.
const cursor: fc.Arbitrary<HistoryCursor> = fc
  .tuple(key, fc.option(fc.dictionary(caip2, count, { minKeys: 1, maxKeys: 4 }), { nil: undefined }))
  .map(([k, positions]) => {
    const others = Object.entries(positions ?? {}).filter(([id]) => id !== k.chainId)
    return others.length > 0 ? { ...k, positions: Object.fromEntries(others) } : k
  })
const written = (c: HistoryCursor) =>
  Buffer.from(JSON.stringify([c.minedAt, c.blockNumber, c.txIndex, c.chainId, ...(c.positions ? [c.positions] : [])])).toString('base64url')

describe('history cursors (properties)', () => {
  it('decode(encode(cursor)) is the cursor, less the positions that would not fit', () => {
    fc.assert(
      fc.property(cursor, c => {
        const text = encodeHistoryCursor(c)
        assert.ok(text.length <= 200)
        const back = decodeHistoryCursor(text)!
        if (written(c).length <= 200) assert.deepEqual(back, { ...c })
        else {
          assert.deepEqual([back.minedAt, back.blockNumber, back.txIndex, back.chainId], [c.minedAt, c.blockNumber, c.txIndex, c.chainId])
          for (const [id, block] of Object.entries(back.positions ?? {})) assert.equal(c.positions?.[id], block)
        }
      }),
      { numRuns: 1000 }
    )
  })

  it('decoding any text never throws and yields only valid cursors', () => {
    const texts = fc.oneof(
      fc.string(),
      fc.stringMatching(/^[A-Za-z0-9_-]{1,200}$/),
      fc.jsonValue({ maxDepth: 2 }).map(v => Buffer.from(JSON.stringify(v)).toString('base64url')),
      fc.tuple(fc.anything(), fc.anything(), fc.anything(), fc.anything()).map(v => Buffer.from(JSON.stringify(v) ?? '').toString('base64url')),
      fc.tuple(count, count, count, caip2, fc.anything()).map(v => Buffer.from(JSON.stringify(v) ?? '').toString('base64url')),
      cursor.map(written)
    )
    fc.assert(
      fc.property(texts, text => {
        const c = decodeHistoryCursor(text)
        if (!c) return
        for (const n of [c.minedAt, c.blockNumber, c.txIndex]) assert.ok(Number.isSafeInteger(n) && n >= 0)
        assert.match(c.chainId, /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/)
        for (const [id, block] of Object.entries(c.positions ?? {})) {
          assert.ok(id !== c.chainId && Number.isSafeInteger(block) && block >= 0)
          assert.match(id, /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/)
        }
        // What is accepted is exactly what the server would have written.
        assert.equal(encodeHistoryCursor(c), written(c))
      }),
      { numRuns: 1500 }
    )
  })
})

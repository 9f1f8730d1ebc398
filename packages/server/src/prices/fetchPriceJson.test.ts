import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { retryAfterMs } from './fetchPriceJson.js'

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates, caps at an hour, ignores junk', () => {
    const now = Date.parse('2026-01-01T00:00:00Z')
    assert.equal(retryAfterMs('120', now), 120_000)
    assert.equal(retryAfterMs('Thu, 01 Jan 2026 00:00:30 GMT', now), 30_000)
    assert.equal(retryAfterMs('Wed, 31 Dec 2025 23:00:00 GMT', now), 0)
    assert.equal(retryAfterMs('999999', now), 3_600_000)
    assert.equal(retryAfterMs('soon', now), undefined)
    assert.equal(retryAfterMs(null, now), undefined)
  })
})

import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { WindowRateLimit } from './WindowRateLimit.js'

describe('WindowRateLimit', () => {
  it('allows `limit` takes per key and window, says how long to wait, and starts over in the next window', () => {
    let now = 1_000_000
    const limit = new WindowRateLimit(2, 60_000, () => now)
    assert.deepEqual([limit.take('a'), limit.take('a')].map(d => d.allowed), [true, true])
    now += 15_500
    assert.deepEqual(limit.take('a'), { allowed: false, retryAfterS: 45 })
    assert.equal(limit.take('b').allowed, true, 'another key has its own count')
    now += 44_500
    assert.equal(limit.take('a').allowed, true, 'a new window')
  })
})

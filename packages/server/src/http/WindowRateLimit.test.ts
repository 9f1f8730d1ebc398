import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { clientKey, WindowRateLimit } from './WindowRateLimit.js'

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

  it('counts at most maxKeys clients a window: a new one beyond waits for the next window', () => {
    let now = 0
    const limit = new WindowRateLimit(5, 60_000, () => now, 2)
    assert.equal(limit.take('a').allowed, true)
    assert.equal(limit.take('b').allowed, true)
    assert.deepEqual(limit.take('c'), { allowed: false, retryAfterS: 60 })
    assert.equal(limit.take('a').allowed, true, 'known clients still count as before')
    now = 60_000
    assert.equal(limit.take('c').allowed, true)
  })

  it('keys IPv4 (also mapped) as is and IPv6 by its /64', () => {
    assert.equal(clientKey('203.0.113.7'), '203.0.113.7')
    assert.equal(clientKey('::ffff:203.0.113.7'), '203.0.113.7')
    assert.equal(clientKey('2001:db8:1:2::5'), '2001:db8:1:2::/64')
    assert.equal(clientKey('2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd'), '2001:db8:1:2::/64')
    assert.equal(clientKey('2001:db8::1'), '2001:db8:0:0::/64')
    assert.equal(clientKey('::1'), '0:0:0:0::/64')
    assert.equal(clientKey('1::2:3:4:5:1.2.3.4'), '1:0:2:3::/64')
    assert.notEqual(clientKey('2001:db8:1:3::5'), clientKey('2001:db8:1:2::5'))
  })
})

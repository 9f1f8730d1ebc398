import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { CircuitBreaker } from './CircuitBreaker.js'

describe('CircuitBreaker', () => {
  const clock = () => {
    let now = 1_000_000
    return { now: () => now, advance: (ms: number) => void (now += ms) }
  }

  it('opens after the threshold of consecutive failures, for the cool-down', () => {
    const time = clock()
    const breaker = new CircuitBreaker({ threshold: 3, cooldownMs: 30_000, now: time.now })
    breaker.failure()
    breaker.failure()
    assert.equal(breaker.allow(), true, 'two failures: still closed')
    breaker.failure()
    assert.equal(breaker.open, true)
    assert.equal(breaker.allow(), false)
    time.advance(29_999)
    assert.equal(breaker.allow(), false)
  })

  it('a success in between resets the count', () => {
    const breaker = new CircuitBreaker({ threshold: 2 })
    breaker.failure()
    breaker.success()
    breaker.failure()
    assert.equal(breaker.allow(), true)
  })

  it('after the cool-down lets one trial through: its success closes, its failure reopens', () => {
    const time = clock()
    const breaker = new CircuitBreaker({ threshold: 1, cooldownMs: 1000, now: time.now })
    breaker.failure()
    time.advance(1000)
    assert.equal(breaker.allow(), true, 'the trial')
    assert.equal(breaker.allow(), false, 'only one trial at a time')
    breaker.failure()
    assert.equal(breaker.allow(), false, 'reopened')
    time.advance(1000)
    assert.equal(breaker.allow(), true)
    breaker.success()
    assert.equal(breaker.open, false)
    assert.equal(breaker.allow(), true)
    assert.equal(breaker.allow(), true)
  })

  it('opens at once for a Retry-After, for the longer of it and the cool-down', () => {
    const time = clock()
    const breaker = new CircuitBreaker({ threshold: 5, cooldownMs: 1000, now: time.now })
    breaker.failure({ retryAfterMs: 120_000 })
    assert.equal(breaker.allow(), false)
    time.advance(119_999)
    assert.equal(breaker.allow(), false)
    time.advance(1)
    assert.equal(breaker.allow(), true)
  })

  it('opens at once for a permanent refusal (a bad key)', () => {
    const breaker = new CircuitBreaker({ threshold: 5 })
    breaker.failure({ permanent: true })
    assert.equal(breaker.allow(), false)
  })
})

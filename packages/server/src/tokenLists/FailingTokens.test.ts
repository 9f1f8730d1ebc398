import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { FailingTokens } from './FailingTokens.js'

const A = '0x00000000000000000000000000000000000000aA'
const B = '0x00000000000000000000000000000000000000bB'

describe('FailingTokens', () => {
  it('remembers a token per chain, whatever its case, for ttlMs; tells of it once', () => {
    let now = 0
    const told: string[] = []
    const failing = new FailingTokens({ ttlMs: 1000, now: () => now, onAdd: (chain, address) => told.push(`${chain}:${address}`) })
    failing.add('eip155:1', A)
    failing.add('eip155:1', A.toLowerCase())
    assert.equal(failing.has('eip155:1', A.toUpperCase().replace('0X', '0x')), true)
    assert.equal(failing.has('eip155:10', A), false, 'another chain')
    now = 999
    assert.equal(failing.has('eip155:1', A), true)
    now = 1000
    assert.equal(failing.has('eip155:1', A), false, 'read again after ttlMs')
    assert.deepEqual(told, [`eip155:1:${A}`])
    failing.add('eip155:1', A)
    assert.equal(told.length, 2, 'told again once it had expired')
  })

  it('holds at most maxEntries tokens, forgetting the oldest first', () => {
    const failing = new FailingTokens({ maxEntries: 1, onAdd: () => {} })
    failing.add('eip155:1', A)
    failing.add('eip155:1', B)
    assert.equal(failing.size, 1)
    assert.deepEqual([failing.has('eip155:1', A), failing.has('eip155:1', B)], [false, true])
  })
})

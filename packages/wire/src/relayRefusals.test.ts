import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { RELAY_REFUSALS, relayRefusalOf, relayRefusalReason } from './relayRefusals.js'

describe('relayRefusals', () => {
  it('round-trips every refusal, with and without a detail', () => {
    for (const refusal of Object.keys(RELAY_REFUSALS) as Array<keyof typeof RELAY_REFUSALS>) {
      assert.equal(relayRefusalOf(relayRefusalReason(refusal)), refusal)
      assert.equal(relayRefusalOf(relayRefusalReason(refusal, 'expired')), refusal)
    }
    assert.equal(relayRefusalReason('invalidKey', 'expired'), '401 Unauthorized: invalid key (expired)')
  })

  it('states the documented answers (401 unknown project or bad key, 403 origin)', () => {
    assert.match(RELAY_REFUSALS.projectNotFound, /^401 /)
    assert.match(RELAY_REFUSALS.invalidKey, /^401 /)
    assert.match(RELAY_REFUSALS.originNotAllowed, /^403 /)
  })

  it('keeps a reason within the 123 bytes a close frame holds', () => {
    assert.ok(Buffer.byteLength(relayRefusalReason('originNotAllowed', 'x'.repeat(500))) <= 123)
  })

  it('recognises no other close reason', () => {
    for (const reason of ['', 'Too many connections', 'Server shutting down', '401 Unauthorized: invalid keys', '401 Project not found!'])
      assert.equal(relayRefusalOf(reason), undefined, reason)
  })
})

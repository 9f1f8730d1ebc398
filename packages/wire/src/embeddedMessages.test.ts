// The frame protocol's SIGN_OUT: a plain sign-out, or "log out everywhere"; nothing else passes.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import * as v from 'valibot'
import { FRAME_REQUESTS, FRAME_RESPONSES } from './embeddedMessages.js'

describe('SIGN_OUT', () => {
  it('is a sign-out of this browser without a payload, and of every device with everywhere: true', () => {
    assert.deepEqual(v.parse(FRAME_REQUESTS.SIGN_OUT, {}), {})
    assert.deepEqual(v.parse(FRAME_REQUESTS.SIGN_OUT, { everywhere: true }), { everywhere: true })
    assert.deepEqual(v.parse(FRAME_REQUESTS.SIGN_OUT, { everywhere: false }), { everywhere: false })
    assert.deepEqual(v.parse(FRAME_RESPONSES.SIGN_OUT, {}), {})
  })

  it('refuses an everywhere that is not a boolean (a page cannot slip in "yes" or 1)', () => {
    for (const everywhere of ['true', 1, null, {}]) assert.equal(v.safeParse(FRAME_REQUESTS.SIGN_OUT, { everywhere }).success, false, JSON.stringify(everywhere))
  })
})

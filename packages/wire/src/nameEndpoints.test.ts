// The name service's contract: ENSIP-11 coin types (spec §5 'Invalid chainId'), the account-name
// rule (spec §5 / §9), and the registration body the server checks.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import * as v from 'valibot'
import { ACCOUNT_NAME_LABEL, RegisterNameBodySchema, evmCoinType } from './nameEndpoints.js'

describe('profile endpoints', () => {
  it('gives an EVM chain its ENSIP-11 coin type, and refuses chain ids from 2^31 up', () => {
    assert.equal(evmCoinType(1), 2147483649)
    assert.equal(evmCoinType(31337), 0x80000000 + 31337)
    assert.equal(evmCoinType(0x7fffffff), 0xffffffff)
    for (const bad of [0x80000000, 2 ** 40, -1, 1.5, Number.NaN]) assert.throws(() => evmCoinType(bad), /Invalid chainId/, String(bad))
  })

  it('takes names of letters, digits and hyphens, 4 to 63 long, in any case', () => {
    for (const ok of ['abcd', 'alice-demo', 'ALICE', '1234', '-a-b', 'a'.repeat(63)]) assert.ok(ACCOUNT_NAME_LABEL.test(ok), ok)
    for (const bad of ['abc', '', 'alice_demo', 'alice demo', 'alice.demo', 'ålice', 'a'.repeat(64)]) assert.ok(!ACCOUNT_NAME_LABEL.test(bad), bad)
  })

  it('checks a registration body: coin type as number or digits, an address, a message, a hex signature', () => {
    const body = { coin_type: 60, address: `0x${'ab'.repeat(20)}`, message: '{"name":"x"}', signature: '0x1234' }
    assert.deepEqual(v.parse(RegisterNameBodySchema, body), body)
    assert.ok(v.safeParse(RegisterNameBodySchema, { ...body, coin_type: '2147514985' }).success)
    for (const bad of [{ coin_type: -1 }, { coin_type: '60a' }, { address: '0x12' }, { message: '' }, { signature: 'abcd' }, { message: 'x'.repeat(4097) }]) {
      assert.ok(!v.safeParse(RegisterNameBodySchema, { ...body, ...bad }).success, JSON.stringify(bad))
    }
  })
})

import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { clientKey } from './clientKey.js'

describe('clientKey', () => {
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

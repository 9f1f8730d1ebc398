// The client id the relay reads from the sign-client's auth JWT, and what it does with tokens
// that are not one.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { clientIdFromAuth } from './clientIdFromAuth.js'
import { fakeAuth } from '../__fixtures__/relayClient.js'

describe('clientIdFromAuth', () => {
  it('reads the issuer of a JWT without checking its signature', () => {
    assert.equal(clientIdFromAuth(fakeAuth('did:key:z6MkExample')), 'did:key:z6MkExample')
  })

  it('gives up on anything else', () => {
    const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
    for (const auth of [
      undefined,
      '',
      'not-a-jwt',
      'a.b',
      'a.b.c.d',
      `${part({})}.!!!.sig`,
      `${part({})}.${part({ sub: 'no-iss' })}.sig`,
      `${part({})}.${part({ iss: 42 })}.sig`,
      `${part({})}.${part({ iss: '' })}.sig`,
      `${part({})}.${part({ iss: 'x'.repeat(300) })}.sig`,
      `${part({})}.${part('just a string')}.sig`,
      `${part({})}.${part(null)}.sig`,
      'x'.repeat(5000)
    ]) {
      assert.equal(clientIdFromAuth(auth), undefined, String(auth).slice(0, 40))
    }
  })
})

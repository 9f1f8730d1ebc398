// The relay's check of the sign-client's auth JWT: tokens the real SDK signs pass, and nobody can
// take a client id they do not hold the key of.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { generateKeyPair, signJWT } from '@walletconnect/relay-auth'
import { relayIdentity } from '../__fixtures__/relayClient.js'
import { verifyRelayAuth } from './verifyRelayAuth.js'

const now = () => Date.now() / 1000

describe('verifyRelayAuth', () => {
  it('accepts the token @walletconnect/relay-auth signs, with its did:key as the client id', async () => {
    const keyPair = generateKeyPair()
    const auth = await signJWT('some-sub', 'ws://127.0.0.1:1/relay', 86_400, keyPair)
    const outcome = verifyRelayAuth(auth, now())
    assert.equal(outcome.ok, true)
    const iss = JSON.parse(Buffer.from(auth.split('.')[1]!, 'base64url').toString()).iss
    assert.deepEqual(outcome, { ok: true, clientId: iss })
    assert.match(iss, /^did:key:z6Mk/)
  })

  it("refuses a token claiming another client's id, an expired one, and one from the future", () => {
    const alice = relayIdentity('alice')
    const mallory = relayIdentity('mallory', { iss: alice.clientId })
    assert.deepEqual(verifyRelayAuth(mallory.auth, now()), { ok: false, reason: 'bad signature' })
    // Alice's claims with Mallory's signature.
    const [h, p] = alice.auth.split('.')
    assert.deepEqual(verifyRelayAuth(`${h}.${p}.${mallory.auth.split('.')[2]}`, now()), { ok: false, reason: 'bad signature' })
    assert.deepEqual(verifyRelayAuth(relayIdentity('alice', { exp: Math.floor(now()) - 1 }).auth, now()), { ok: false, reason: 'expired' })
    assert.deepEqual(verifyRelayAuth(relayIdentity('alice', { iat: Math.floor(now()) + 3600 }).auth, now()), { ok: false, reason: 'issued in the future' })
    assert.deepEqual(verifyRelayAuth(alice.auth, now()), { ok: true, clientId: alice.clientId })
  })

  it('refuses what is not an Ed25519-signed JWT, without throwing', () => {
    const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
    const header = part({ alg: 'EdDSA', typ: 'JWT' })
    const exp = Math.floor(now()) + 600
    const cases: Array<[string, string]> = [
      ['', 'not a JWT'],
      ['not-a-jwt', 'not a JWT'],
      ['a.b.c.d', 'not a JWT'],
      ['x'.repeat(5000), 'too long'],
      [`${part({ alg: 'none' })}.${part({ iss: relayIdentity('a').clientId, exp })}.`, 'not an EdDSA JWT'],
      [`${header}.!!!.sig`, 'unreadable claims'],
      [`${header}.${part([1])}.sig`, 'unreadable claims'],
      [`${header}.${part({ exp })}.sig`, 'no issuer'],
      [`${header}.${part({ iss: 'did:key:alice', exp })}.sig`, 'issuer is not an Ed25519 did:key'],
      [`${header}.${part({ iss: 'did:key:z0OIl', exp })}.sig`, 'issuer is not an Ed25519 did:key'],
      [`${header}.${part({ iss: relayIdentity('a').clientId })}.sig`, 'expired'],
      [`${header}.${part({ iss: relayIdentity('a').clientId, exp })}.c2ln`, 'bad signature'],
      [`${header}.${part({ iss: relayIdentity('a').clientId, exp })}.${Buffer.alloc(64, 0xff).toString('base64url')}`, 'bad signature']
    ]
    for (const [auth, reason] of cases) assert.deepEqual(verifyRelayAuth(auth, now()), { ok: false, reason }, auth.slice(0, 60))
  })
})

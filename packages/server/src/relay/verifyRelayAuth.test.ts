// The relay's check of the sign-client's auth JWT: tokens the real SDK signs pass, and nobody can
// take a client id they do not hold the key of.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { generateKeyPair, signJWT } from '@walletconnect/relay-auth'
import { relayIdentity } from '../__fixtures__/relayClient.js'
import { normaliseRelayUrl, verifyRelayAuth } from './verifyRelayAuth.js'

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

  it('checks aud against the audiences when given (trailing slash, case and default port aside)', async () => {
    const keyPair = generateKeyPair()
    const auth = await signJWT('some-sub', 'wss://relay.example.org', 86_400, keyPair)
    assert.equal(verifyRelayAuth(auth, now(), ['wss://relay.example.org']).ok, true)
    assert.equal(verifyRelayAuth(auth, now(), ['ws://127.0.0.1:1/relay', 'WSS://Relay.Example.org:443/']).ok, true)
    assert.deepEqual(verifyRelayAuth(auth, now(), ['wss://relay.walletconnect.org']), { ok: false, reason: 'wrong audience' })
    assert.deepEqual(verifyRelayAuth(auth, now(), ['ws://relay.example.org']), { ok: false, reason: 'wrong audience' })
    assert.deepEqual(verifyRelayAuth(auth, now(), ['wss://relay.example.org/relay']), { ok: false, reason: 'wrong audience' })
    assert.deepEqual(verifyRelayAuth(auth, now(), []), { ok: false, reason: 'wrong audience' })
    // Without audiences (the default mode) aud is not read.
    assert.equal(verifyRelayAuth(auth, now()).ok, true)
    // A token without aud, or with one that is no relay URL.
    assert.deepEqual(verifyRelayAuth(relayIdentity('a', { aud: undefined }).auth, now(), ['ws://test']), { ok: false, reason: 'wrong audience' })
    assert.deepEqual(verifyRelayAuth(relayIdentity('a', { aud: 'https://relay.example.org' }).auth, now(), ['https://relay.example.org']), {
      ok: false,
      reason: 'wrong audience'
    })
    assert.equal(verifyRelayAuth(relayIdentity('a').auth, now(), ['ws://test/']).ok, true)
  })

  it('normalises relay URLs for the comparison only', () => {
    assert.equal(normaliseRelayUrl('ws://127.0.0.1:8787/relay/'), 'ws://127.0.0.1:8787/relay')
    assert.equal(normaliseRelayUrl('WSS://Relay.Example.org:443/'), 'wss://relay.example.org')
    assert.equal(normaliseRelayUrl('wss://relay.example.org'), 'wss://relay.example.org')
    assert.equal(normaliseRelayUrl('wss://user@relay.example.org'), undefined)
    assert.equal(normaliseRelayUrl('https://relay.example.org'), undefined)
    assert.equal(normaliseRelayUrl('not a url'), undefined)
  })
})

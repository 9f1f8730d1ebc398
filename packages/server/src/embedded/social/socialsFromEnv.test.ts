import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { farcasterFromEnv, socialsFromEnv } from './socialsFromEnv.js'
import { SOCIAL_PROVIDER_PROFILES } from './socialProviders.js'

describe('socialsFromEnv', () => {
  it('reads each configured provider, with an optional issuer, and nothing else', () => {
    assert.deepEqual(
      socialsFromEnv({
        SOCIAL_GOOGLE_CLIENT_ID: 'g',
        SOCIAL_GOOGLE_CLIENT_SECRET: 's',
        SOCIAL_X_CLIENT_ID: 'x',
        SOCIAL_X_CLIENT_SECRET: 't',
        SOCIAL_X_ISSUER: 'https://id.example',
        OTHER: '1'
      }),
      { google: { clientId: 'g', clientSecret: 's' }, x: { clientId: 'x', clientSecret: 't', issuer: 'https://id.example' } }
    )
    assert.deepEqual(socialsFromEnv({}), {})
  })

  it('refuses a half-configured provider, naming the variable', () => {
    assert.throws(() => socialsFromEnv({ SOCIAL_GITHUB_CLIENT_ID: 'a' }), /SOCIAL_GITHUB_CLIENT_SECRET/)
    assert.throws(
      () => socialsFromEnv({ SOCIAL_APPLE_CLIENT_ID: 'a', SOCIAL_APPLE_CLIENT_SECRET: 'b', SOCIAL_APPLE_ISSUER: 'javascript:x' }),
      /must be an http/
    )
  })
})

describe('farcasterFromEnv', () => {
  it("is on with an Optimism RPC, with Farcaster's relay unless another is named", () => {
    assert.equal(farcasterFromEnv({}), undefined)
    assert.deepEqual(farcasterFromEnv({ FARCASTER_OPTIMISM_RPC_URL: 'https://op.example/rpc' }), { optimismRpcUrl: 'https://op.example/rpc' })
    assert.deepEqual(farcasterFromEnv({ FARCASTER_OPTIMISM_RPC_URL: 'https://op.example/rpc', FARCASTER_RELAY_URL: 'https://relay.example' }), {
      optimismRpcUrl: 'https://op.example/rpc',
      relayUrl: 'https://relay.example'
    })
    assert.throws(() => farcasterFromEnv({ FARCASTER_RELAY_URL: 'https://relay.example' }), /needs FARCASTER_OPTIMISM_RPC_URL/)
    assert.throws(() => farcasterFromEnv({ FARCASTER_OPTIMISM_RPC_URL: 'ftp://x' }), /must be an http/)
  })
})

describe('the real providers read their documented user resources', () => {
  // Shapes as the providers document them; only the fields the secure site reads.
  it('github, discord, x, facebook', () => {
    assert.deepEqual(SOCIAL_PROVIDER_PROFILES.github.profileOf({ id: 583231, login: 'octo', email: null }), {
      sub: '583231',
      username: 'octo',
      email: undefined
    })
    assert.deepEqual(
      SOCIAL_PROVIDER_PROFILES.discord.profileOf({ id: '80351110224678912', username: 'nelly', discriminator: '0', email: 'n@example.com', verified: true }),
      {
        sub: '80351110224678912',
        username: 'nelly#0',
        email: 'n@example.com'
      }
    )
    assert.equal(SOCIAL_PROVIDER_PROFILES.discord.profileOf({ id: '1', username: 'u', email: 'e@example.com', verified: false }).email, undefined)
    assert.deepEqual(SOCIAL_PROVIDER_PROFILES.x.profileOf({ data: { id: '2244994945', name: 'X Dev', username: 'XDevelopers' } }), {
      sub: '2244994945',
      username: 'XDevelopers'
    })
    assert.deepEqual(SOCIAL_PROVIDER_PROFILES.facebook.profileOf({ id: '10', name: 'Ada L', email: 'ada@example.com' }), {
      sub: '10',
      username: 'Ada L',
      email: 'ada@example.com'
    })
  })

  it('google and apple by their id token claims; no subject is an error', () => {
    assert.deepEqual(SOCIAL_PROVIDER_PROFILES.google.profileOf({ sub: '1099', email: 'a@gmail.com', email_verified: true, name: 'A' }), {
      sub: '1099',
      username: undefined,
      email: 'a@gmail.com'
    })
    assert.equal(SOCIAL_PROVIDER_PROFILES.apple.profileOf({ sub: '001.abc', email: 'x@privaterelay.appleid.com', email_verified: false }).email, undefined)
    assert.throws(() => SOCIAL_PROVIDER_PROFILES.github.profileOf({ login: 'nobody' }), /did not say who/)
  })
})

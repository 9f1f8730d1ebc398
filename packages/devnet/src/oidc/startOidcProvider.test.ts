import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import * as client from 'openid-client'
import { followOidcLogin } from './followOidcLogin.js'
import { DEVNET_SOCIAL_USERS, startOidcProvider, type DevnetOidcProvider } from './startOidcProvider.js'

const REDIRECT = 'http://127.0.0.1:1/social/callback'

const logIn = (start: URL, user: string) => followOidcLogin(start, user, REDIRECT)

describe('the devnet OpenID provider (stand-in for the six socials)', () => {
  let oidc: DevnetOidcProvider
  before(async () => {
    oidc = await startOidcProvider({ redirectUris: [REDIRECT] })
  })
  after(() => oidc.close())

  for (const social of ['google', 'discord'] as const) {
    it(`${social}: authorization code with PKCE and state through openid-client gives the picked user's claims`, async () => {
      const { clientId, clientSecret } = oidc.clients[social]
      const config = await client.discovery(new URL(oidc.issuer), clientId, clientSecret, undefined, { execute: [client.allowInsecureRequests] })
      const verifier = client.randomPKCECodeVerifier()
      const state = client.randomState()
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: REDIRECT,
        scope: 'openid email profile',
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state
      })
      const user = DEVNET_SOCIAL_USERS[1]!
      const back = await logIn(url, user.sub)
      const tokens = await client.authorizationCodeGrant(config, back, { pkceCodeVerifier: verifier, expectedState: state })
      const claims = tokens.claims()!
      assert.equal(claims.sub, user.sub)
      const info = await client.fetchUserInfo(config, tokens.access_token, user.sub)
      assert.equal(info.email, user.email)
      assert.equal(info.preferred_username, user.username)
      // A tampered state is refused by the client.
      const verifier2 = client.randomPKCECodeVerifier()
      const again = await logIn(
        client.buildAuthorizationUrl(config, {
          redirect_uri: REDIRECT,
          scope: 'openid',
          code_challenge: await client.calculatePKCECodeChallenge(verifier2),
          code_challenge_method: 'S256',
          state: client.randomState()
        }),
        user.sub
      )
      await assert.rejects(
        client.authorizationCodeGrant(config, again, { pkceCodeVerifier: verifier2, expectedState: 'not-the-state' }),
        (e: Error & { cause?: { message?: string } }) => {
          assert.match(`${e.message} ${e.cause?.message ?? ''}`, /state/)
          return true
        }
      )
    })
  }

  it('refuses an authorization request without PKCE', async () => {
    const res = await fetch(`${oidc.issuer}/auth?client_id=devnet-github&response_type=code&scope=openid&redirect_uri=${encodeURIComponent(REDIRECT)}`, {
      redirect: 'manual'
    })
    const location = new URL(res.headers.get('location') ?? '', oidc.issuer)
    assert.equal(location.searchParams.get('error'), 'invalid_request')
    assert.match(location.searchParams.get('error_description') ?? '', /requires PKCE/)
  })
})

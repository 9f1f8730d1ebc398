import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { DEVNET_SOCIAL_USERS, findFreePort, followOidcLogin, startOidcProvider, type DevnetOidcProvider } from '@wallet-modal/devnet'
import { createServer, KeyVault, type WalletModalServer } from '../../internal.js'
import { demoServerConfig } from '../../config/demoServerConfig.js'
import { useStarted } from '../../__fixtures__/useStarted.js'

const PAGE = 'http://127.0.0.1:5173'

interface Started {
  oidc: DevnetOidcProvider
  server: WalletModalServer
  site: string
  close(): Promise<void>
}

/** The server with its secure site a client of the devnet's OpenID provider for google and discord only. */
async function start(): Promise<Started> {
  const port = await findFreePort()
  const oidc = await startOidcProvider({ redirectUris: [`http://127.0.0.1:${port}/social/callback`] })
  const server = await createServer({
    config: demoServerConfig({ chains: [], tokens: { DUSD: '0x0', USDT: '0x0' }, origins: ['http://127.0.0.1:*'] }),
    secureSite: {
      port,
      mail: { smtpUrl: 'smtp://127.0.0.1:1', from: 'Wallet <wallet@devnet.local>' },
      vault: new KeyVault(new Uint8Array(32).fill(9)),
      socials: { google: { ...oidc.clients.google, issuer: oidc.issuer }, discord: { ...oidc.clients.discord, issuer: oidc.issuer } }
    }
  })
  return {
    oidc,
    server,
    site: server.secureSiteUrl!,
    async close() {
      await server.close()
      await oidc.close()
    }
  }
}

/** Calls the secure API as its own pages do (same origin, JSON). */
async function api(site: string, path: string, body: unknown, token?: string) {
  const response = await fetch(`${site}${path}`, {
    method: 'POST',
    headers: { origin: site, 'x-wm-project': 'demo', 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body)
  })
  return { status: response.status, json: (await response.json().catch(() => ({}))) as Record<string, any> }
}

const unescapeHtml = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')

/** The callback page's data attributes (what its script posts to the opener). */
async function callbackPage(url: URL): Promise<{ status: number; csp: string; data: Record<string, string> }> {
  const res = await fetch(url)
  const html = await res.text()
  const data = Object.fromEntries([...html.matchAll(/ data-([a-z-]+)="([^"]*)"/g)].map(m => [m[1]!, unescapeHtml(m[2]!)]))
  return { status: res.status, csp: res.headers.get('content-security-policy') ?? '', data }
}

/** A whole social login as the frame and the popup make it: returns the result URI and the frame's binding. */
async function socialLogin(s: Started, provider: string, sub: string, binding = 'b'.repeat(32)) {
  const started = await api(s.site, '/api/social/start', { provider, projectId: 'demo', origin: PAGE, binding })
  assert.equal(started.status, 200, JSON.stringify(started.json))
  const back = await followOidcLogin(started.json.uri, sub, `${s.site}/social/callback`)
  const page = await callbackPage(back)
  return { ...page, binding, authorizationUrl: new URL(started.json.uri) }
}

describe('social login (secure site as OpenID client of the devnet provider)', () => {
  const s = useStarted(start, x => x.close())

  it('offers only the configured providers, in the project order, and names the secure site', async () => {
    const res = await fetch(`${s.server.url}/appkit/v1/config?projectId=demo&st=appkit&sv=html-test`)
    const byId = Object.fromEntries(((await res.json()) as { features: { id: string }[] }).features.map(f => [f.id, f]))
    // The project lists google, x, discord, farcaster, github, apple, facebook; only two are configured.
    assert.deepEqual(byId.socials, { id: 'socials', isEnabled: true, config: ['google', 'discord'] })
    assert.deepEqual(byId.secureSite, { id: 'secureSite', isEnabled: true, config: { url: s.site } })
    const github = await api(s.site, '/api/social/start', { provider: 'github', projectId: 'demo', origin: PAGE, binding: 'c'.repeat(32) })
    assert.equal(github.status, 400)
    assert.match(github.json.reason, /github login is not configured here/)
  })

  it('logs in with PKCE, state and nonce; the result goes to the page origin only; the same person gets the same addresses', async () => {
    const user = DEVNET_SOCIAL_USERS[1]!
    const first = await socialLogin(s, 'discord', user.sub)
    // PKCE S256, a state and a nonce in the authorization request.
    assert.equal(first.authorizationUrl.searchParams.get('code_challenge_method'), 'S256')
    assert.ok(first.authorizationUrl.searchParams.get('state'))
    assert.ok(first.authorizationUrl.searchParams.get('nonce'))
    // The callback page: posts the result to the page's origin; framed by nobody.
    assert.equal(first.status, 200)
    assert.equal(first.data.origin, PAGE)
    assert.match(first.data.result!, new RegExp(`^${s.site}/social/result\\?login=[0-9a-f]{32}&code=`))
    assert.match(first.csp, /frame-ancestors 'none'/)
    // Another frame's binding cannot complete it (the page carries the URI, not the binding).
    const stolen = await api(s.site, '/api/social/complete', { resultUri: first.data.result, binding: 'x'.repeat(32) })
    assert.equal(stolen.status, 400)
    const done = await api(s.site, '/api/social/complete', { resultUri: first.data.result, binding: first.binding })
    assert.equal(done.status, 200, JSON.stringify(done.json))
    assert.match(done.json.token, /^wme_/)
    assert.equal(done.json.user.provider, 'discord')
    assert.equal(done.json.user.userName, user.username)
    assert.equal(done.json.user.email, user.email)
    // Used once.
    assert.equal((await api(s.site, '/api/social/complete', { resultUri: first.data.result, binding: first.binding })).status, 400)
    // The same person again: the same account and addresses; another provider's login of the same
    // e-mail is another identity (keyed by provider and subject, never by e-mail or name).
    const again = await socialLogin(s, 'discord', user.sub)
    const second = await api(s.site, '/api/social/complete', { resultUri: again.data.result, binding: again.binding })
    assert.deepEqual(second.json.user.addresses, done.json.user.addresses)
    const google = await socialLogin(s, 'google', user.sub)
    const third = await api(s.site, '/api/social/complete', { resultUri: google.data.result, binding: google.binding })
    assert.notDeepEqual(third.json.user.addresses, done.json.user.addresses)
    // A social wallet has no login e-mail to change.
    const update = await api(s.site, '/api/email/update', { email: 'new@example.com' }, done.json.token)
    assert.equal(update.status, 400)
    assert.match(update.json.reason, /logs in with discord/)
  })

  it('refuses a tampered state, a replayed callback, and a page origin outside the project', async () => {
    const started = await api(s.site, '/api/social/start', { provider: 'google', projectId: 'demo', origin: PAGE, binding: 'd'.repeat(32) })
    const back = await followOidcLogin(started.json.uri, DEVNET_SOCIAL_USERS[0]!.sub, `${s.site}/social/callback`)
    const tampered = new URL(back)
    tampered.searchParams.set('state', `${back.searchParams.get('state')}x`)
    const refused = await callbackPage(tampered)
    assert.equal(refused.status, 400)
    assert.equal(refused.data.result, undefined)
    assert.equal(refused.data.origin, undefined)
    assert.match(refused.data.error!, /unknown, expired or already used/)
    // The real callback still works once, then never again.
    assert.ok((await callbackPage(back)).data.result)
    const replay = await callbackPage(back)
    assert.equal(replay.status, 400)
    assert.equal(replay.data.result, undefined)
    const foreign = await api(s.site, '/api/social/start', { provider: 'google', projectId: 'demo', origin: 'https://evil.example', binding: 'e'.repeat(32) })
    assert.equal(foreign.status, 403)
  })

  it("takes Apple's form_post answer at its real size (several KB: code, state, id_token, the person's name as JSON)", async () => {
    const started = await api(s.site, '/api/social/start', { provider: 'google', projectId: 'demo', origin: PAGE, binding: 'g'.repeat(32) })
    const back = await followOidcLogin(started.json.uri, DEVNET_SOCIAL_USERS[0]!.sub, `${s.site}/social/callback`)
    // As Apple posts it: the callback's parameters as a form, with its id token and user JSON.
    const form = new URLSearchParams(back.search)
    form.set('id_token', `eyJhbGciOiJSUzI1NiIsImtpZCI6IjEifQ.${'e'.repeat(2400)}.${'s'.repeat(342)}`)
    form.set('user', JSON.stringify({ name: { firstName: 'Ada'.repeat(100), lastName: 'Lovelace'.repeat(60) }, email: 'ada@privaterelay.appleid.com' }))
    assert.ok(form.toString().length > 3000)
    const res = await fetch(`${s.site}/social/callback`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString()
    })
    assert.equal(res.status, 200, 'not 413: the old 1 KB limit refused every real Apple answer')
    assert.match(await res.text(), / data-result="http/)
  })

  it('a login cancelled at the provider tells the page why', async () => {
    const started = await api(s.site, '/api/social/start', { provider: 'google', projectId: 'demo', origin: PAGE, binding: 'f'.repeat(32) })
    const state = new URL(started.json.uri).searchParams.get('state')!
    const page = await callbackPage(new URL(`${s.site}/social/callback?error=access_denied&state=${state}`))
    assert.equal(page.data.origin, PAGE)
    assert.equal(page.data.error, 'The login was cancelled')
  })
})

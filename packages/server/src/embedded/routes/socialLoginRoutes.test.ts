// The social and Farcaster login routes alone (socialLoginRoutes on 127.0.0.1, with the real
// logins against the devnet's OpenID provider and Farcaster relay): what each route answers, the
// session it makes for the frame's project, its pages, and the bodies it refuses. The logins'
// own checks (PKCE, state, replay, custody) are SocialLogins.test.ts's and FarcasterLogins.test.ts's.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import {
  DEVNET_FARCASTER_ACCOUNTS,
  DEVNET_SOCIAL_USERS,
  devnetFarcasterCustody,
  findFreePort,
  followOidcLogin,
  startFarcasterRelay,
  startOidcProvider
} from '@wallet-modal/devnet'
import { PAGE_ORIGIN, startSecureRoutes } from '../../__fixtures__/startSecureRoutes.js'
import { useStarted } from '../../__fixtures__/useStarted.js'
import { socialLoginRoutes } from './socialLoginRoutes.js'

const projects = [
  { id: 'demo', allowedOrigins: ['http://127.0.0.1:*'] },
  { id: 'shop', allowedOrigins: ['https://shop.example'] }
]
const BINDING = 'b'.repeat(32)

const unescapeHtml = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')

/** A page of the popup: status, CSP, cache header and the settings its script reads. */
async function popupPage(response: Response) {
  const html = await response.text()
  const body = /<body([^>]*)>/.exec(html)?.[1] ?? ''
  const data = Object.fromEntries([...body.matchAll(/ data-([a-z-]+)="([^"]*)"/g)].map(m => [m[1]!, unescapeHtml(m[2]!)]))
  return { status: response.status, csp: response.headers.get('content-security-policy') ?? '', cache: response.headers.get('cache-control'), html, data }
}

describe('socialLoginRoutes', () => {
  const s = useStarted(
    async () => {
      const port = await findFreePort()
      const oidc = await startOidcProvider({ redirectUris: [`http://127.0.0.1:${port}/social/callback`] })
      const site = await startSecureRoutes(socialLoginRoutes, { port, projects, socials: { google: { ...oidc.clients.google, issuer: oidc.issuer } } })
      return { site, oidc, close: () => site.close().finally(() => oidc.close()) }
    },
    started => started.close()
  )

  it("starts at the provider for one of the project's page origins, and completes with a session for the frame's project", async () => {
    const started = await s.site.client()('/api/social/start', { provider: 'google', projectId: 'demo', origin: PAGE_ORIGIN, binding: BINDING })
    assert.equal(started.status, 200, JSON.stringify(started.json))
    const uri = new URL(started.json.uri)
    assert.equal(uri.origin, s.oidc.issuer)
    assert.equal(uri.searchParams.get('redirect_uri'), `${s.site.url}/social/callback`)

    // The popup comes back to the callback, whose page hands the result to the page's origin.
    const back = await followOidcLogin(uri, DEVNET_SOCIAL_USERS[0]!.sub, `${s.site.url}/social/callback`)
    const page = await popupPage(await fetch(back))
    assert.equal(page.status, 200)
    assert.match(page.csp, /; frame-ancestors 'none'$/)
    assert.equal(page.cache, 'no-store')
    assert.equal(page.data.page, 'social')
    assert.equal(page.data.origin, PAGE_ORIGIN)
    assert.match(page.data.result!, new RegExp(`^${s.site.url}/social/result\\?login=`))
    assert.match(page.html, /<h1>Logged in<\/h1>/)
    assert.match(page.html, /<script type="module" src="\/assets\/secure-site\.js"><\/script>/)

    // The frame completes it; its project (x-wm-project) is the session's.
    const done = await s.site.client(undefined, 'shop')('/api/social/complete', { resultUri: page.data.result, binding: BINDING })
    assert.equal(done.status, 200, JSON.stringify(done.json))
    const user = DEVNET_SOCIAL_USERS[0]!
    const account = (await s.site.accounts.sessionAccount(done.json.token))!
    assert.deepEqual(done.json.user, {
      email: user.email,
      provider: 'google',
      userName: user.username,
      addresses: account.addresses,
      smartAccountNetworks: [],
      evmNetworks: []
    })
    assert.equal((await s.site.accounts.session(done.json.token))?.projectId, 'shop')
  })

  it('takes the provider’s answer posted as a form (Apple), leaving its front-channel id_token out', async () => {
    const started = await s.site.client()('/api/social/start', { provider: 'google', projectId: 'demo', origin: PAGE_ORIGIN, binding: BINDING })
    const back = await followOidcLogin(started.json.uri, DEVNET_SOCIAL_USERS[1]!.sub, `${s.site.url}/social/callback`)
    const form = new URLSearchParams(back.search)
    // openid-client refuses a callback that carries an id_token: it would fail if it got through.
    form.set('id_token', 'eyJhbGciOiJub25lIn0.e30.')
    const page = await popupPage(
      await fetch(`${s.site.url}/social/callback`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() })
    )
    assert.equal(page.status, 200, page.html)
    assert.ok(page.data.result)
    // Beyond its 64 KB the form is refused unread.
    const huge = await fetch(`${s.site.url}/social/callback`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `state=x&user=${'u'.repeat(65 * 1024)}`
    })
    assert.equal(huge.status, 413)
  })

  it("answers an unknown login's callback 400 with a page that hands nothing to any page, and a cancelled one with its origin", async () => {
    const unknown = await popupPage(await fetch(`${s.site.url}/social/callback?code=abc&state=nope`))
    assert.equal(unknown.status, 400)
    assert.deepEqual(unknown.data, { page: 'social', error: 'This login is unknown, expired or already used: start it again from the site' })
    assert.match(unknown.html, /<h1>The login did not complete<\/h1>/)
    assert.equal((await fetch(`${s.site.url}/social/callback`)).status, 400, 'no state at all')

    const started = await s.site.client()('/api/social/start', { provider: 'google', projectId: 'demo', origin: PAGE_ORIGIN, binding: BINDING })
    const state = new URL(started.json.uri).searchParams.get('state')!
    const cancelled = await popupPage(await fetch(`${s.site.url}/social/callback?error=access_denied&state=${state}`))
    // 200: the page has an origin to tell why.
    assert.equal(cancelled.status, 200)
    assert.deepEqual(cancelled.data, { page: 'social', origin: PAGE_ORIGIN, error: 'The login was cancelled' })
  })

  it('shows the page a popup left open, without a script', async () => {
    const page = await popupPage(await fetch(`${s.site.url}/social/result?login=x&code=y`))
    assert.equal(page.status, 200)
    assert.match(page.csp, /; frame-ancestors 'none'$/)
    assert.equal(page.cache, 'no-store')
    assert.match(page.html, /<h1>Go back to the site<\/h1>/)
    assert.doesNotMatch(page.html, /<script/)
  })

  it('refuses bodies with their own words, a page origin outside the project, a provider not configured, and a completion that names no project', async () => {
    const api = s.site.client()
    const cases: [string, Record<string, unknown>, number, string][] = [
      ['/api/social/start', { provider: 'myspace', projectId: 'demo', origin: PAGE_ORIGIN, binding: BINDING }, 400, 'Unknown social provider'],
      [
        '/api/social/start',
        { provider: 'google', projectId: 'demo', origin: PAGE_ORIGIN, binding: 'short' },
        400,
        'Invalid format: Expected /^[A-Za-z0-9_-]{32,64}$/ but received "short"'
      ],
      [
        '/api/social/start',
        { provider: 'google', projectId: 'demo', origin: 'x'.repeat(301), binding: BINDING },
        400,
        'Invalid length: Expected <=300 but received 301'
      ],
      [
        '/api/social/start',
        { provider: 'google', projectId: 'demo', origin: 'https://evil.example', binding: BINDING },
        403,
        'Origin not allowed for this project'
      ],
      ['/api/social/start', { provider: 'google', projectId: 'nope', origin: PAGE_ORIGIN, binding: BINDING }, 403, 'Unknown project'],
      ['/api/social/start', { provider: 'github', projectId: 'demo', origin: PAGE_ORIGIN, binding: BINDING }, 400, 'github login is not configured here'],
      ['/api/social/complete', { resultUri: 'x'.repeat(2001), binding: BINDING }, 400, 'Invalid length: Expected <=2000 but received 2001'],
      [
        '/api/social/complete',
        { resultUri: `${s.site.url}/social/result?login=x&code=y`, binding: BINDING },
        400,
        'This social login could not be completed: start it again'
      ]
    ]
    for (const [path, body, status, reason] of cases) {
      const refused = await api(path, body)
      assert.deepEqual([refused.status, refused.json.reason], [status, reason], `${path} ${JSON.stringify(body)}`)
    }
    const noProject = await s.site.client(undefined, '')('/api/social/complete', { resultUri: `${s.site.url}/social/result`, binding: BINDING })
    assert.deepEqual([noProject.status, noProject.json.reason], [400, 'The request names no known project (x-wm-project header)'])
  })

  it('answers the Farcaster routes 400 where Farcaster is not configured', async () => {
    const start = await s.site.client()('/api/farcaster/start', { projectId: 'demo', origin: PAGE_ORIGIN, binding: BINDING })
    assert.deepEqual([start.status, start.json.reason], [400, 'Farcaster login is not configured here'])
    const status = await s.site.client()('/api/farcaster/status', { login: '0'.repeat(32), binding: BINDING })
    assert.deepEqual([status.status, status.json.reason], [400, 'Farcaster login is not configured here'])
  })
})

describe('socialLoginRoutes with Sign In With Farcaster', () => {
  const s = useStarted(
    async () => {
      const relay = await startFarcasterRelay()
      const site = await startSecureRoutes(socialLoginRoutes, { projects, farcaster: { relayUrl: relay.url, custody: devnetFarcasterCustody() } })
      return { site, relay, close: () => site.close().finally(() => relay.close()) }
    },
    started => started.close()
  )

  it("opens a channel for one of the project's page origins, answers pending until the app signs in, then a session for the frame's project", async () => {
    const api = s.site.client(undefined, 'shop')
    const foreign = await api('/api/farcaster/start', { projectId: 'demo', origin: 'https://evil.example', binding: BINDING })
    assert.deepEqual([foreign.status, foreign.json.reason], [403, 'Origin not allowed for this project'])
    const started = await api('/api/farcaster/start', { projectId: 'demo', origin: PAGE_ORIGIN, binding: BINDING })
    assert.equal(started.status, 200, JSON.stringify(started.json))
    assert.ok(started.json.uri.startsWith(`${s.relay.url}/sign-in?channelToken=`))
    assert.match(started.json.login, /^[0-9a-f]{32}$/)
    assert.deepEqual((await api('/api/farcaster/status', { login: started.json.login, binding: BINDING })).json, { state: 'pending' })

    // The Farcaster app's part: approve on the stand-in relay's page as a test account.
    const alice = DEVNET_FARCASTER_ACCOUNTS[0]!
    await fetch(started.json.uri, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `fid=${alice.fid}` })
    const done = await api('/api/farcaster/status', { login: started.json.login, binding: BINDING })
    assert.equal(done.status, 200, JSON.stringify(done.json))
    assert.equal(done.json.state, 'completed')
    assert.equal(done.json.user.provider, 'farcaster')
    assert.equal(done.json.user.userName, alice.username)
    assert.equal((await s.site.accounts.session(done.json.token))?.projectId, 'shop')
  })

  it('refuses a malformed login id, and a status that names no project', async () => {
    const bad = await s.site.client()('/api/farcaster/status', { login: 'not-hex', binding: BINDING })
    assert.deepEqual([bad.status, bad.json.reason], [400, 'Invalid format: Expected /^[0-9a-f]{32}$/ but received "not-hex"'])
    const noProject = await s.site.client(undefined, '')('/api/farcaster/status', { login: '0'.repeat(32), binding: BINDING })
    assert.deepEqual([noProject.status, noProject.json.reason], [400, 'The request names no known project (x-wm-project header)'])
  })
})

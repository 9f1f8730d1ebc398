// The e-mail login's routes alone (emailLoginRoutes on 127.0.0.1 with a recording mailer): the
// code and the session it gives, the words of refused bodies, the device link's pages, a mail
// that cannot go out, and the e-mail budget of the routes that send mail.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { codeIn, startSecureRoutes } from '../../__fixtures__/startSecureRoutes.js'
import { useStarted } from '../../__fixtures__/useStarted.js'
import { emailLoginRoutes } from './emailLoginRoutes.js'

const DEVICE = 'device-aaaaaaaaaaaaaaaa'
const OTHER_DEVICE = 'device-bbbbbbbbbbbbbbbb'
const projects = [
  { id: 'demo', allowedOrigins: ['http://127.0.0.1:*'] },
  { id: 'shop', allowedOrigins: ['https://shop.example'] }
]

/** A form post, as the device page's button sends it. */
const postForm = (url: string, body: string) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body })

describe('emailLoginRoutes', () => {
  const site = useStarted(
    () => startSecureRoutes(emailLoginRoutes, { projects }),
    s => s.close()
  )
  /** Lets the next code or device e-mail to `email` go out now (the 30 s between sends is not what these tests are about). */
  const skipResendWait = async (email: string) => {
    await site.store.query("UPDATE embedded_otps SET sent_at = now() - interval '1 minute' WHERE email = $1", [email])
    await site.store.query("UPDATE embedded_device_mails SET sent_at = now() - interval '1 minute' WHERE email = $1", [email])
  }

  it("mails a code for the asking device and answers its right code with a session for the frame's project and the user", async () => {
    const email = 'Ada@Example.com'
    const started = await site.client()('/api/email/start', { email, deviceId: DEVICE, projectId: 'demo' })
    assert.deepEqual([started.status, started.json], [200, { action: 'VERIFY_OTP' }])
    const mail = site.lastMailTo(email)!
    assert.match(mail.subject, /^\d{6} is your wallet code$/)
    assert.match(mail.text, /^Your code is \d{6}\.\n\nIt works for 10 minutes\./)
    assert.equal(await site.accounts.findByEmail(email), undefined, 'no account before the code')

    // The frame of another project (x-wm-project) gets a session for that project.
    const verified = await site.client(undefined, 'shop')('/api/email/verify', { email, otp: ` ${codeIn(mail)} `, deviceId: DEVICE })
    assert.equal(verified.status, 200, JSON.stringify(verified.json))
    const account = (await site.accounts.findByEmail(email))!
    assert.deepEqual(verified.json.user, { email: 'ada@example.com', addresses: account.addresses, smartAccountNetworks: [], evmNetworks: [] })
    assert.equal((await site.accounts.session(verified.json.token))?.projectId, 'shop')
    // The device is approved by its code; the code is used up.
    assert.deepEqual((await site.client()('/api/device/status', { email, deviceId: DEVICE })).json, { approved: true })
    assert.deepEqual((await site.client()('/api/device/status', { email, deviceId: OTHER_DEVICE })).json, { approved: false })
    const again = await site.client()('/api/email/verify', { email, otp: codeIn(mail), deviceId: DEVICE })
    assert.deepEqual([again.status, again.json.reason], [400, 'No code was sent to this address, or it was used: ask for a new code'])
  })

  it('refuses bad bodies with the words the frame shows, an unknown project, and a verify that names no project', async () => {
    const api = site.client()
    const cases: [string, unknown, number, string][] = [
      ['/api/email/start', { email: 'not-an-address', deviceId: DEVICE, projectId: 'demo' }, 400, 'Invalid email'],
      ['/api/email/start', { email: 'a@example.com', deviceId: 'short', projectId: 'demo' }, 400, 'deviceId: 16-64 URL-safe characters'],
      ['/api/email/start', { email: 'a@example.com', deviceId: DEVICE, projectId: 'x'.repeat(101) }, 400, 'Invalid length: Expected <=100 but received 101'],
      ['/api/email/start', { email: 'a@example.com', deviceId: DEVICE, projectId: 'nope' }, 403, 'Unknown project'],
      ['/api/email/verify', { email: 'a@example.com', otp: '12345', deviceId: DEVICE }, 400, 'The code has 6 digits'],
      ['/api/email/verify', { email: 'a@example.com', otp: 'abcdef', deviceId: DEVICE }, 400, 'The code has 6 digits'],
      ['/api/device/status', { email: 'a@example.com', deviceId: 'has spaces in it!!' }, 400, 'deviceId: 16-64 URL-safe characters']
    ]
    for (const [path, body, status, reason] of cases) {
      const answer = await api(path, body)
      assert.deepEqual([answer.status, answer.json.reason], [status, reason], `${path} ${JSON.stringify(body)}`)
    }
    // No body at all reads as valibot's own words for an absent object.
    const empty = await fetch(`${site.url}/api/email/start`, { method: 'POST' })
    assert.deepEqual([empty.status, ((await empty.json()) as { reason: string }).reason], [400, 'Invalid type: Expected Object but received undefined'])
    // The session is made for the frame's project: without one named, no session.
    const noProject = await site.client(undefined, '')('/api/email/verify', { email: 'a@example.com', otp: '123456', deviceId: DEVICE })
    assert.deepEqual([noProject.status, noProject.json.reason], [400, 'The request names no known project (x-wm-project header)'])
  })

  it('sends a known address on a new device a link instead of a code; its page approves only by its button, once, before it expires', async () => {
    const email = 'known@example.com'
    await site.accounts.loginOrCreate(email)
    const api = site.client()
    const started = await api('/api/email/start', { email, deviceId: OTHER_DEVICE, projectId: 'demo' })
    assert.deepEqual([started.status, started.json], [200, { action: 'VERIFY_DEVICE' }])
    const mail = site.lastMailTo(email)!
    assert.equal(mail.subject, 'Approve your new device')
    const link = new URL(/^(http\S+)$/m.exec(mail.text)![1]!)
    assert.equal(`${link.origin}${link.pathname}`, `${site.url}/device`)
    const token = link.searchParams.get('token')!
    // One device e-mail per 30 s to an address, in the code's words.
    const early = await api('/api/email/start', { email, deviceId: OTHER_DEVICE, projectId: 'demo' })
    assert.equal(early.status, 429)
    assert.match(early.json.reason, /^Please try again after ([1-9]|[12]\d|30) seconds$/)

    // The link's page: a button that posts the token, no script, framed by nobody.
    const page = await fetch(link)
    const html = await page.text()
    assert.equal(page.status, 200)
    assert.match(page.headers.get('content-security-policy') ?? '', /; frame-ancestors 'none'$/)
    assert.equal(page.headers.get('cache-control'), 'no-store')
    assert.match(
      html,
      new RegExp(`<form method="post" action="/device"><input type="hidden" name="token" value="${token}"><button type="submit">Approve device</button></form>`)
    )
    assert.doesNotMatch(html, /<script/)
    assert.match(await (await fetch(`${site.url}/device?token=${'t'.repeat(150)}`)).text(), new RegExp(`value="${'t'.repeat(100)}"`), 'the token is cut to 100')
    assert.deepEqual((await api('/api/device/status', { email, deviceId: OTHER_DEVICE })).json, { approved: false })

    // A token that is not one, or an expired link: the page that says so (400), nothing approved.
    for (const bad of ['token=short', `token=${'%3C'.repeat(30)}`, '']) {
      const refused = await postForm(`${site.url}/device`, bad)
      assert.equal(refused.status, 400, bad)
      assert.match(await refused.text(), /<h1>This link does not work<\/h1>/)
    }
    await site.store.query("UPDATE embedded_devices SET approval_expires_at = now() - interval '1 second' WHERE email = $1", [email])
    assert.equal((await postForm(`${site.url}/device`, `token=${token}`)).status, 400)
    assert.deepEqual((await api('/api/device/status', { email, deviceId: OTHER_DEVICE })).json, { approved: false })

    // A new link works, once; the device then gets codes.
    await skipResendWait(email)
    await api('/api/email/start', { email, deviceId: OTHER_DEVICE, projectId: 'demo' })
    const fresh = new URL(/^(http\S+)$/m.exec(site.lastMailTo(email)!.text)![1]!).searchParams.get('token')!
    const approved = await postForm(`${site.url}/device`, `token=${fresh}`)
    assert.equal(approved.status, 200)
    assert.match(approved.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'$/)
    assert.match(await approved.text(), /<h1>Device approved<\/h1>/)
    assert.equal((await postForm(`${site.url}/device`, `token=${fresh}`)).status, 400)
    assert.deepEqual((await api('/api/device/status', { email, deviceId: OTHER_DEVICE })).json, { approved: true })
    assert.deepEqual((await api('/api/email/start', { email, deviceId: OTHER_DEVICE, projectId: 'demo' })).json, { action: 'VERIFY_OTP' })
  })

  it('answers 503 with the mailer’s reason when a device e-mail cannot go out, and leaves no wait before the next try', async () => {
    const email = 'unlucky@example.com'
    await site.accounts.loginOrCreate(email)
    site.failMail('Could not send the e-mail: connection refused')
    try {
      const failed = await site.client()('/api/email/start', { email, deviceId: OTHER_DEVICE, projectId: 'demo' })
      assert.deepEqual([failed.status, failed.json.reason], [503, 'Could not send the e-mail: connection refused'])
    } finally {
      site.failMail(undefined)
    }
    assert.equal(site.lastMailTo(email), undefined)
    const retry = await site.client()('/api/email/start', { email, deviceId: OTHER_DEVICE, projectId: 'demo' })
    assert.deepEqual([retry.status, retry.json], [200, { action: 'VERIFY_DEVICE' }])
  })
})

describe('emailLoginRoutes e-mail budget', () => {
  const site = useStarted(
    () => startSecureRoutes(emailLoginRoutes, { mailsPerTenMinutes: 2 }),
    s => s.close()
  )

  it('limits the routes that send mail per client (the start and the device button), not the status or the code check', async () => {
    const api = site.client()
    const start = (n: number) => api('/api/email/start', { email: `budget-${n}@example.com`, deviceId: DEVICE, projectId: 'demo' })
    assert.deepEqual([(await start(1)).status, (await start(2)).status], [200, 200])
    const refused = await start(3)
    assert.equal(refused.status, 429)
    assert.match(refused.json.reason, /^Too many requests; try again in \d+ s$/)
    assert.equal(site.mails.length, 2, 'the refused start sent nothing')

    assert.deepEqual([(await postForm(`${site.url}/device`, 'token=x')).status, (await postForm(`${site.url}/device`, 'token=x')).status], [400, 400])
    assert.equal((await postForm(`${site.url}/device`, 'token=x')).status, 429)

    for (let i = 0; i < 3; i++) {
      assert.equal((await api('/api/device/status', { email: 'budget-1@example.com', deviceId: DEVICE })).status, 200)
      assert.equal((await api('/api/email/verify', { email: 'budget-1@example.com', otp: '000000', deviceId: DEVICE })).status, 400)
    }
  })
})

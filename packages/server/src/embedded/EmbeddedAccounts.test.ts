import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { codeOf, linkOf, startMailSink, type MailSink } from '@wallet-modal/devnet'
import { createServer, KeyVault, type WalletModalServer } from '../internal.js'
import { demoServerConfig } from '../config/demoServerConfig.js'
import { useStarted } from '../__fixtures__/useStarted.js'
import { OTP_DAILY_FAILURES } from './EmbeddedAccounts.js'
import { secureSiteClient } from '../__fixtures__/secureSiteClient.js'

// One-time codes and sessions of the secure site, attacked as a hostile page (or whoever holds a
// code or a token it should not) would, over real HTTP on 127.0.0.1 with a real mail sink.

const client = secureSiteClient

interface Started {
  mail: MailSink
  server: WalletModalServer
  site: string
  close(): Promise<void>
}

/** Two projects (demo and shop-b), no chains: codes and sessions need none. */
const configWithTwoProjects = () => {
  const config = demoServerConfig({ chains: [], tokens: { DUSD: '0x0', USDT: '0x0' }, origins: ['http://127.0.0.1:*'] })
  config.projects.push({ ...config.projects[0]!, id: 'shop-b' })
  return config
}

async function start(): Promise<Started> {
  const mail = await startMailSink()
  const server = await createServer({
    config: configWithTwoProjects(),
    secureSite: {
      mail: { smtpUrl: mail.smtpUrl, from: 'Wallet <wallet@devnet.local>' },
      vault: new KeyVault(new Uint8Array(32).fill(3)),
      mailsPerTenMinutes: 1000
    }
  })
  return {
    mail,
    server,
    site: server.secureSiteUrl!,
    async close() {
      await server.close()
      await mail.close()
    }
  }
}

const DEVICE = 'device-aaaaaaaaaaaaaaaa'
const OTHER_DEVICE = 'device-bbbbbbbbbbbbbbbb'

describe('one-time codes and sessions under attack', () => {
  const s = useStarted(start, x => x.close())

  /** Asks for a login code from `device` and reads it from the mailbox. */
  async function askCode(email: string, device = DEVICE): Promise<{ status: number; reason?: string; code?: string }> {
    const since = s.mail.lastId()
    const r = await client(s.site)('/api/email/start', { email, deviceId: device, projectId: 'demo' })
    if (r.status !== 200) return { status: r.status, reason: r.json.reason }
    assert.equal(r.json.action, 'VERIFY_OTP')
    return { status: 200, code: codeOf(await s.mail.waitFor(email, { since }))! }
  }

  /** A whole login from `device`: a session token for `project`. */
  async function login(email: string, device = DEVICE, project = 'demo'): Promise<string> {
    const { code } = await askCode(email, device)
    const r = await client(s.site, undefined, project)('/api/email/verify', { email, otp: code, deviceId: device })
    assert.equal(r.status, 200, JSON.stringify(r.json))
    return r.json.token
  }

  /** Lets the next code to `email` go out now (the 30 s between sends is the spec's; not what these tests are about). */
  const skipResendWait = (email: string) => s.server.store.query("UPDATE embedded_otps SET sent_at = now() - interval '1 minute' WHERE email = $1", [email])

  it('attack: brute-forcing a code by resending (each resend used to give 5 new tries)', async () => {
    const email = 'brute@example.com'
    const verify = (otp: string) => client(s.site)('/api/email/verify', { email, otp, deviceId: DEVICE })
    let code = (await askCode(email)).code!
    let wrong = 0
    let stopped: { status: number; reason?: string } | undefined
    // 4 wrong guesses per code, then a fresh code: the old server took this forever.
    for (let i = 0; i < 40 && !stopped; i++) {
      if (i > 0 && i % 4 === 0) {
        await skipResendWait(email)
        const again = await askCode(email)
        if (again.status !== 200) stopped = again
        else code = again.code!
        continue
      }
      const r = await verify(String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'))
      wrong++
      if (r.status === 429) stopped = { status: 429, reason: r.json.reason }
      else assert.match(r.json.reason, /^Invalid code: [1-4] tries left$/)
    }
    assert.equal(wrong, OTP_DAILY_FAILURES, 'the address got exactly its daily budget of wrong guesses, resends or not')
    assert.equal(stopped?.status, 429)
    assert.equal(stopped?.reason, 'Too many wrong codes for this address: try again in 24 hours')
    // Past the budget the right code is not even checked, and no new code is sent.
    const right = await verify(code)
    assert.equal(right.status, 429)
    assert.equal(right.json.reason, 'Too many wrong codes for this address: try again in 24 hours')
    await skipResendWait(email)
    const before = s.mail.messages(email).length
    assert.deepEqual(await askCode(email), { status: 429, reason: 'Too many wrong codes for this address: try again in 24 hours' })
    assert.equal(s.mail.messages(email).length, before, 'no code was sent')
    // Another address is not affected, and the budget refills as the wrong guesses age out.
    assert.equal((await askCode('bystander@example.com')).status, 200)
    await s.server.store.query("UPDATE embedded_otp_failures SET failed_at = failed_at - interval '25 hours' WHERE email = $1", [email])
    assert.match(await login(email), /^wme_/)
  })

  it('attack: a code read on one device used from another (and an e-mail-change code from another session)', async () => {
    // The victim asks on their device; the attacker has the six digits (read over a shoulder,
    // typed into a look-alike page) and enters them from their own device.
    const email = 'newcomer@example.com'
    const { code } = await askCode(email, DEVICE)
    const stolen = await client(s.site)('/api/email/verify', { email, otp: code, deviceId: OTHER_DEVICE })
    assert.equal(stolen.status, 400)
    assert.equal(stolen.json.reason, 'Invalid code: 4 tries left', 'refused exactly like a wrong code')
    assert.equal((await s.server.store.query('SELECT 1 FROM embedded_users WHERE email = $1', [email])).rows.length, 0, 'no wallet was made')
    const own = await client(s.site)('/api/email/verify', { email, otp: code, deviceId: DEVICE })
    assert.equal(own.status, 200)

    // An e-mail change started in one session cannot be finished with its code from another
    // session of the same account (a stolen token).
    const owner = 'mover@example.com'
    const mine = await login(owner)
    const theirs = await login(owner)
    const since = s.mail.lastId()
    assert.equal((await client(s.site, mine)('/api/email/update', { email: 'moved@example.com' })).json.action, 'VERIFY_PRIMARY_OTP')
    const primary = codeOf(await s.mail.waitFor(owner, { since }))!
    const other = await client(s.site, theirs)('/api/email/update/primary', { otp: primary })
    assert.equal(other.status, 400)
    assert.match(other.json.reason, /^Invalid code/)
    assert.equal((await client(s.site, mine)('/api/email/update/primary', { otp: primary })).json.action, 'VERIFY_SECONDARY_OTP')
  })

  it('attack: telling which e-mails have wallets (same answers before any code; device e-mails held like codes)', async () => {
    const owner = 'haswallet@example.com'
    await login(owner)
    const nobody = 'nowallet@example.com'
    const attacker = client(s.site)
    const ask = (email: string) => attacker('/api/email/start', { email, deviceId: OTHER_DEVICE, projectId: 'demo' })
    const since = s.mail.lastId()
    // Spec §5's actions: a known address on a new device is approved by link (VERIFY_DEVICE),
    // an unknown one gets a code (VERIFY_OTP). That difference is the spec's flow and stays.
    assert.deepEqual((await ask(owner)).json, { action: 'VERIFY_DEVICE' })
    assert.deepEqual((await ask(nobody)).json, { action: 'VERIFY_OTP' })
    // Asked again at once: the same refusal in the same words for both (the old server sent the
    // owner another device e-mail, and answered the unknown address with a wait).
    const again = [await ask(owner), await ask(nobody)]
    const words = again.map(r => [r.status, String(r.json.reason).replace(/\d+/g, 'N')])
    assert.deepEqual(words[0], [429, 'Please try again after N seconds'])
    assert.deepEqual(words[0], words[1])
    assert.equal(s.mail.messages(owner).filter(m => m.id > since).length, 1, 'one device e-mail, not one per request')

    // A logged-in attacker asks to move their wallet to each address: the same answer whether it
    // has a wallet or not (the old server said 409 "already has a wallet" before any code).
    const session = client(s.site, await login('prober@example.com'))
    const toOwner = await session('/api/email/update', { email: owner })
    await skipResendWait('prober@example.com')
    const toNobody = await session('/api/email/update', { email: 'stillnobody@example.com' })
    assert.deepEqual([toOwner.status, toOwner.json], [200, { action: 'VERIFY_PRIMARY_OTP' }])
    assert.deepEqual([toNobody.status, toNobody.json], [toOwner.status, toOwner.json])
    // It is told only after the code sent to that address, i.e. to whoever already reads its mail.
    await skipResendWait('prober@example.com')
    const since2 = s.mail.lastId()
    await session('/api/email/update', { email: owner })
    const primary = codeOf(await s.mail.waitFor('prober@example.com', { since: since2 }))!
    await session('/api/email/update/primary', { otp: primary })
    const secondary = codeOf(await s.mail.waitFor(owner, { since: since2 }))!
    const taken = await session('/api/email/update/secondary', { email: owner, otp: secondary })
    assert.deepEqual([taken.status, taken.json.reason], [409, 'This e-mail address already has a wallet'])
  })

  it('attack: a session from project A used for project B', async () => {
    // Both projects' frames live on the secure origin; a page allowed only by project B must not
    // act with the session a person made on project A's site.
    const token = await login('twoshops@example.com', DEVICE, 'demo')
    const asB = await client(s.site, token, 'shop-b')('/api/user')
    assert.equal(asB.status, 401)
    assert.equal(asB.json.reason, 'This session was made for another project: log in again')
    assert.equal((await client(s.site, token, 'shop-b')('/api/export', {})).status, 401)
    assert.equal((await client(s.site, token, '')('/api/export', {})).status, 401, 'naming no project is not a way around it')
    assert.equal((await client(s.site, token, 'demo')('/api/user')).json.email, 'twoshops@example.com')
  })

  it('attack: an old session after an e-mail change', async () => {
    const email = 'changing@example.com'
    const frame = await login(email)
    const stolen = await login(email)
    const api = client(s.site, frame)
    const since = s.mail.lastId()
    await api('/api/email/update', { email: 'changed@example.com' })
    await api('/api/email/update/primary', { otp: codeOf(await s.mail.waitFor(email, { since }))! })
    const done = await api('/api/email/update/secondary', {
      email: 'changed@example.com',
      otp: codeOf(await s.mail.waitFor('changed@example.com', { since }))!
    })
    assert.equal(done.status, 200, JSON.stringify(done.json))
    assert.equal(done.json.email, 'changed@example.com')
    // Every session made with the old address is over; the frame that made the change goes on with a new one.
    assert.equal((await client(s.site, stolen)('/api/user')).status, 401)
    assert.equal((await client(s.site, frame)('/api/user')).status, 401)
    assert.equal((await client(s.site, done.json.token)('/api/user')).json.email, 'changed@example.com')
  })

  it('attack: a stolen session outlives "log out everywhere", or lives forever', async () => {
    const email = 'everywhere@example.com'
    const stolen = await login(email)
    const mine = await login(email)
    const other = await login(email, DEVICE, 'shop-b')
    assert.equal((await client(s.site, mine)('/api/signout/all', {})).status, 200)
    for (const [token, project] of [
      [stolen, 'demo'],
      [mine, 'demo'],
      [other, 'shop-b']
    ] as const)
      assert.equal((await client(s.site, token, project)('/api/user')).status, 401)

    // Sliding expiry: use moves the idle end on; 7 idle days or 30 days from login end it.
    const token = await login(email)
    const idleEnd = () =>
      s.server.store.query<{ days: number }>(
        'SELECT extract(epoch FROM idle_expires_at - now()) / 86400 AS days FROM embedded_sessions WHERE user_id = (SELECT id FROM embedded_users WHERE email = $1)',
        [email]
      )
    await s.server.store.query("UPDATE embedded_sessions SET idle_expires_at = now() + interval '1 day'")
    assert.equal((await client(s.site, token)('/api/user')).status, 200)
    assert.ok(Math.abs(Number((await idleEnd()).rows[0]!.days) - 7) < 0.01, 'used: 7 days idle from now')
    await s.server.store.query("UPDATE embedded_sessions SET idle_expires_at = now() - interval '1 second'")
    assert.equal((await client(s.site, token)('/api/user')).status, 401, '7 days unused')
    const late = await login(email)
    await s.server.store.query("UPDATE embedded_sessions SET expires_at = now() - interval '1 second', idle_expires_at = now() + interval '7 days'")
    assert.equal((await client(s.site, late)('/api/user')).status, 401, '30 days after login, however used')
  })

  it("attack: flooding an owner's mailbox with device e-mails from many devices (one per 30 s per address)", async () => {
    const owner = 'flooded@example.com'
    await login(owner)
    const since = s.mail.lastId()
    for (const device of ['device-cccccccccccccccc', 'device-dddddddddddddddd', 'device-eeeeeeeeeeeeeeee']) {
      await client(s.site)('/api/email/start', { email: owner, deviceId: device, projectId: 'demo' })
    }
    const mails = s.mail.messages(owner).filter(m => m.id > since)
    assert.equal(mails.length, 1)
    assert.ok(linkOf(mails[0]!))
  })
})

describe('the secure site behind a proxy', () => {
  it('attack: every visitor behind a proxy shares one limit (with trustProxy, each X-Forwarded-For client has its own)', async () => {
    const mail = await startMailSink()
    const server = await createServer({
      config: configWithTwoProjects(),
      trustProxy: 1,
      secureSite: { mail: { smtpUrl: mail.smtpUrl, from: 'w@x.y' }, vault: new KeyVault(new Uint8Array(32).fill(4)), requestsPerMinute: 3 }
    })
    try {
      const from = (ip: string) => client(server.secureSiteUrl!)('/api/user', undefined, { 'x-forwarded-for': ip })
      for (let i = 0; i < 3; i++) assert.equal((await from('203.0.113.7')).status, 401)
      assert.equal((await from('203.0.113.7')).status, 429, 'the busy visitor is limited')
      // Without trustProxy both came from the proxy's address and the second visitor was refused too.
      assert.equal((await from('203.0.113.8')).status, 401, 'another visitor behind the same proxy is not')
    } finally {
      await server.close()
      await mail.close()
    }
  })
})

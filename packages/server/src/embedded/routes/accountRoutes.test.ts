// The signed-in person's routes alone (accountRoutes on 127.0.0.1 with a recording mailer): the
// session check before anything else, the user as the frame reads them, signing out here or
// everywhere, the change of login e-mail step by step, and the e-mail budget of its mail steps.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { codeIn, startSecureRoutes } from '../../__fixtures__/startSecureRoutes.js'
import { useStarted } from '../../__fixtures__/useStarted.js'
import { accountRoutes } from './accountRoutes.js'

const projects = [
  { id: 'demo', allowedOrigins: ['http://127.0.0.1:*'] },
  { id: 'shop', allowedOrigins: ['https://shop.example'] }
]
const NOT_CONNECTED = 'Not connected to email or social'

describe('accountRoutes', () => {
  const site = useStarted(
    () => startSecureRoutes(accountRoutes, { projects }),
    s => s.close()
  )

  it('answers the user of a session made for the frame’s project, and 401 otherwise', async () => {
    const { token, account } = await site.signIn('User@Example.com')
    const me = await site.client(token)('/api/user')
    assert.deepEqual([me.status, me.json], [200, { email: 'user@example.com', addresses: account.addresses, smartAccountNetworks: [], evmNetworks: [] }])
    for (const [api, reason] of [
      [site.client(), NOT_CONNECTED],
      [site.client('wme_not-a-session'), NOT_CONNECTED],
      [site.client(`wme_${'A'.repeat(43)}`), NOT_CONNECTED],
      [site.client(token, 'shop'), 'This session was made for another project: log in again']
    ] as const) {
      const refused = await api('/api/user')
      assert.deepEqual([refused.status, refused.json], [401, { error: 'unauthorized', reason }])
    }
    // A social login's user: the provider and the name it reports, its e-mail as the e-mail.
    const social = await site.accounts.loginOrCreateSocial('github', { sub: 'gh-1', username: 'octo', email: 'octo@example.com' })
    const socialToken = await site.accounts.createSession(social.id, 'demo')
    assert.deepEqual((await site.client(socialToken)('/api/user')).json, {
      email: 'octo@example.com',
      provider: 'github',
      userName: 'octo',
      addresses: social.addresses,
      smartAccountNetworks: [],
      evmNetworks: []
    })
  })

  it('looks the session up before the body: without one every route answers 401, with one a bad body gets its own words', async () => {
    const anonymous = site.client()
    for (const [path, body] of [
      ['/api/signout', {}],
      ['/api/signout/all', {}],
      ['/api/email/update', { email: 'nope' }],
      ['/api/email/update/primary', { otp: 'x' }],
      ['/api/email/update/secondary', {}]
    ] as const) {
      const refused = await anonymous(path, body)
      assert.deepEqual([refused.status, refused.json.reason], [401, NOT_CONNECTED], path)
    }
    const { token } = await site.signIn('bodies@example.com')
    const api = site.client(token)
    for (const [path, body, reason] of [
      ['/api/email/update', { email: 'nope' }, 'Invalid email'],
      ['/api/email/update/primary', { otp: '12 34 56' }, 'The code has 6 digits'],
      ['/api/email/update/secondary', { email: 'new@example.com', otp: '1234567' }, 'The code has 6 digits'],
      ['/api/email/update/secondary', { otp: '123456' }, 'Invalid key: Expected "email" but received undefined']
    ] as const) {
      const refused = await api(path, body)
      assert.deepEqual([refused.status, refused.json.reason], [400, reason], `${path} ${JSON.stringify(body)}`)
    }
    assert.equal(site.mails.length, 0)
  })

  it('signs out this session only, or every session of the account on every project', async () => {
    const email = 'leaving@example.com'
    const here = await site.signIn(email)
    const there = await site.signIn(email)
    const shop = await site.signIn(email, 'shop')
    assert.deepEqual(
      await site
        .client(here.token)('/api/signout', {})
        .then(r => [r.status, r.json]),
      [200, {}]
    )
    assert.equal((await site.client(here.token)('/api/user')).status, 401)
    assert.equal((await site.client(there.token)('/api/user')).status, 200, 'the other session stays')

    assert.deepEqual(
      await site
        .client(there.token)('/api/signout/all', {})
        .then(r => [r.status, r.json]),
      [200, {}]
    )
    assert.equal((await site.client(there.token)('/api/user')).status, 401)
    assert.equal((await site.client(shop.token, 'shop')('/api/user')).status, 401, "another project's session ends too")
  })

  it('changes the login e-mail with a code to each address, then ends every session and gives this frame a new one', async () => {
    const { token } = await site.signIn('old@example.com')
    const elsewhere = await site.signIn('old@example.com')
    const api = site.client(token)

    const update = await api('/api/email/update', { email: 'New@Example.com' })
    assert.deepEqual([update.status, update.json], [200, { action: 'VERIFY_PRIMARY_OTP' }])
    const primaryMail = site.lastMailTo('old@example.com')!
    assert.match(primaryMail.subject, /^\d{6} is your wallet code$/)
    assert.equal(site.lastMailTo('New@Example.com'), undefined, 'nothing to the new address before the old one agrees')

    const primary = await api('/api/email/update/primary', { otp: codeIn(primaryMail) })
    assert.deepEqual([primary.status, primary.json], [200, { action: 'VERIFY_SECONDARY_OTP', email: 'new@example.com' }])
    const secondaryMail = site.lastMailTo('new@example.com')!
    assert.ok(secondaryMail)

    const secondary = await api('/api/email/update/secondary', { email: 'New@Example.com', otp: codeIn(secondaryMail) })
    assert.equal(secondary.status, 200, JSON.stringify(secondary.json))
    assert.equal(secondary.json.email, 'new@example.com')
    assert.match(secondary.json.token, /^wme_/)
    assert.equal((await api('/api/user')).status, 401, 'the old session ended')
    assert.equal((await site.client(elsewhere.token)('/api/user')).status, 401, 'every session ended')
    assert.equal((await site.client(secondary.json.token)('/api/user')).json.email, 'new@example.com')
    assert.equal(await site.accounts.findByEmail('old@example.com'), undefined)
  })

  it('refuses a change to the same address, of a social login, and a code step out of order', async () => {
    const { token } = await site.signIn('same@example.com')
    const same = await site.client(token)('/api/email/update', { email: 'SAME@example.com' })
    assert.deepEqual([same.status, same.json.reason], [400, 'This is already your e-mail address'])
    const early = await site.client(token)('/api/email/update/primary', { otp: '123456' })
    assert.deepEqual([early.status, early.json.reason], [400, 'No code was sent to this address, or it was used: ask for a new code'])

    const social = await site.accounts.loginOrCreateSocial('discord', { sub: 'd-1', username: 'dee' })
    const socialApi = site.client(await site.accounts.createSession(social.id, 'demo'))
    const update = await socialApi('/api/email/update', { email: 'dee@example.com' })
    assert.deepEqual([update.status, update.json.reason], [400, 'This wallet logs in with discord: it has no login e-mail to change'])
    const primary = await socialApi('/api/email/update/primary', { otp: '123456' })
    assert.deepEqual([primary.status, primary.json.reason], [400, NOT_CONNECTED])
    assert.equal(site.mails.filter(m => m.to === 'same@example.com' || m.to === 'dee@example.com').length, 0)
  })

  it('answers 503 with the mailer’s reason when the code cannot go out, and lets the person ask again at once', async () => {
    const { token } = await site.signIn('mailless@example.com')
    site.failMail('Could not send the e-mail: timed out')
    try {
      const failed = await site.client(token)('/api/email/update', { email: 'next@example.com' })
      assert.deepEqual([failed.status, failed.json.reason], [503, 'Could not send the e-mail: timed out'])
    } finally {
      site.failMail(undefined)
    }
    assert.deepEqual((await site.client(token)('/api/email/update', { email: 'next@example.com' })).json, { action: 'VERIFY_PRIMARY_OTP' })
  })
})

describe('accountRoutes e-mail budget', () => {
  const site = useStarted(
    () => startSecureRoutes(accountRoutes, { mailsPerTenMinutes: 2 }),
    s => s.close()
  )

  it('limits the steps that send a code per client, not the others', async () => {
    const people = await Promise.all([1, 2, 3].map(n => site.signIn(`budget-${n}@example.com`)))
    const update = (n: number) => site.client(people[n]!.token)('/api/email/update', { email: `moved-${n}@example.com` })
    assert.deepEqual([(await update(0)).status, (await update(1)).status], [200, 200])
    const refused = await update(2)
    assert.equal(refused.status, 429)
    assert.match(refused.json.reason, /^Too many requests; try again in \d+ s$/)
    assert.equal(site.mails.length, 2)
    const primary = () => site.client(people[2]!.token)('/api/email/update/primary', { otp: '000000' })
    assert.deepEqual([(await primary()).status, (await primary()).status, (await primary()).status], [400, 400, 429])
    for (let i = 0; i < 3; i++) {
      assert.equal((await site.client(people[2]!.token)('/api/user')).status, 200)
      assert.equal((await site.client(people[2]!.token)('/api/email/update/secondary', { email: 'x@example.com', otp: '000000' })).status, 400)
    }
  })
})

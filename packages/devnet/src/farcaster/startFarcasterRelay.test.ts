// The Farcaster stand-in as auth-client and a person see it: the relay's channel protocol, and the
// app's approval page whose signed Sign In With Farcaster message the relay then hands back.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { verifyMessage, type Hex } from 'viem'
import { DEVNET_FARCASTER_ACCOUNTS, devnetFarcasterCustody, startFarcasterRelay, type DevnetFarcasterRelay } from './startFarcasterRelay.js'

describe('Farcaster relay stand-in', () => {
  let relay: DevnetFarcasterRelay

  const call = async (method: string, path: string, body?: string, headers: Record<string, string> = {}) => {
    const response = await fetch(new URL(path, relay.url), { method, headers: { 'content-type': 'application/json', ...headers }, body })
    return { status: response.status, type: response.headers.get('content-type'), body: (await response.json()) as any }
  }
  const openChannel = async (domain = 'example.test') => {
    const opened = await call('POST', '/v1/channel', JSON.stringify({ siweUri: `https://${domain}/login`, domain, nonce: 'abcdef123456' }))
    assert.equal(opened.status, 201)
    return opened.body as { channelToken: string; url: string; nonce: string }
  }

  before(async () => {
    relay = await startFarcasterRelay()
  })
  after(() => relay?.close())

  it('listens on 127.0.0.1 and opens channels whose link is its approval page', async () => {
    assert.match(relay.url, /^http:\/\/127\.0\.0\.1:\d+$/)
    const channel = await openChannel()
    assert.match(channel.channelToken, /^[0-9a-f]{32}$/)
    assert.equal(channel.nonce, 'abcdef123456')
    assert.equal(
      channel.url,
      `${relay.url}/sign-in?channelToken=${channel.channelToken}&nonce=abcdef123456&siweUri=https%3A%2F%2Fexample.test%2Flogin&domain=example.test`
    )
    const missing = await call('POST', '/v1/channel', JSON.stringify({ domain: 'example.test' }))
    assert.deepEqual([missing.status, missing.type, missing.body], [400, 'application/json', { error: 'siweUri and domain are required' }])
    const bad = await call('POST', '/v1/channel', '{not json')
    assert.equal(bad.status, 400)
    assert.equal(typeof bad.body.error, 'string')
  })

  it('reports a channel pending, then completed with the message the approved account signed', async () => {
    const channel = await openChannel()
    const auth = { authorization: `Bearer ${channel.channelToken}` }
    const pending = await call('GET', '/v1/channel/status', undefined, auth)
    assert.equal(pending.status, 202)
    assert.deepEqual(pending.body, {
      state: 'pending',
      nonce: 'abcdef123456',
      url: channel.url,
      signatureParams: { siweUri: 'https://example.test/login', domain: 'example.test', nonce: 'abcdef123456' },
      metadata: { ip: '127.0.0.1', userAgent: 'devnet' },
      acceptAuthAddress: false
    })

    const page = await fetch(channel.url)
    const html = await page.text()
    assert.equal(page.status, 200)
    assert.equal(page.headers.get('content-type'), 'text/html; charset=utf-8')
    assert.equal(page.headers.get('content-security-policy'), "default-src 'none'; form-action 'self'; frame-ancestors 'none'")
    assert.match(html, /<title>Sign in with Farcaster<\/title>/)
    for (const account of DEVNET_FARCASTER_ACCOUNTS) assert.ok(html.includes(`<input type="hidden" name="fid" value="${account.fid}">`))

    const alice = DEVNET_FARCASTER_ACCOUNTS[0]!
    const approved = await fetch(channel.url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `fid=${alice.fid}` })
    assert.equal(approved.status, 200)
    assert.match(await approved.text(), /You signed in to example.test as @alice.devnet/)

    const done = await call('GET', '/v1/channel/status', undefined, auth)
    assert.equal(done.status, 200)
    const custody = devnetFarcasterCustody()[alice.fid]!
    assert.deepEqual(
      { ...done.body, message: undefined, signature: undefined },
      {
        ...pending.body,
        state: 'completed',
        message: undefined,
        signature: undefined,
        fid: alice.fid,
        username: alice.username,
        displayName: alice.displayName,
        custody,
        authMethod: 'custody'
      }
    )
    assert.match(done.body.message, /^example.test wants you to sign in with your Ethereum account:/)
    assert.ok(await verifyMessage({ address: custody as Hex, message: done.body.message, signature: done.body.signature }))
  })

  it('refuses status and answers without the channel, and answers from anyone but its own page', async () => {
    assert.deepEqual(await call('GET', '/v1/channel/status'), { status: 401, type: 'application/json', body: { error: 'Unauthorized' } })
    const channel = await openChannel()
    const answer = await call('POST', '/v1/channel/authenticate', JSON.stringify({ message: 'm' }), {
      authorization: `Bearer ${channel.channelToken}`,
      'x-farcaster-auth-relay-key': 'guess'
    })
    assert.deepEqual(answer, { status: 401, type: 'application/json', body: { error: 'Unauthorized' } })
    assert.equal((await call('GET', '/v1/channel/status', undefined, { authorization: `Bearer ${channel.channelToken}` })).status, 202)
  })

  it('escapes the asking domain, and answers unknown accounts, channels and paths', async () => {
    const channel = await openChannel('<b>evil</b>')
    const html = await (await fetch(channel.url)).text()
    assert.ok(html.includes('<p>&lt;b&gt;evil&lt;/b&gt; asks you to sign in.'))
    assert.ok(!html.includes('<b>evil'))

    const unknown = await fetch(channel.url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'fid=7' })
    assert.equal(unknown.status, 400)
    assert.match(await unknown.text(), /<title>Unknown test account<\/title>/)
    const expired = await fetch(`${relay.url}/sign-in?channelToken=nothing`)
    assert.equal(expired.status, 404)
    assert.match(await expired.text(), /<h1>This sign-in request expired<\/h1><p>Start again from the site.<\/p>/)
    assert.deepEqual(await call('GET', '/nothing'), { status: 404, type: 'application/json', body: { error: 'Not found' } })
    assert.deepEqual(await call('GET', '/v1/channel'), { status: 404, type: 'application/json', body: { error: 'Not found' } })
    assert.deepEqual(await call('GET', '/v1/%zz'), { status: 404, type: 'application/json', body: { error: 'Not found' } })
  })
})

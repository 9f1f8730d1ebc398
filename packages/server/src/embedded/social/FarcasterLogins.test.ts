import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { DEVNET_FARCASTER_ACCOUNTS, devnetFarcasterCustody, startFarcasterRelay, type DevnetFarcasterRelay } from '@wallet-modal/devnet'
import { createServer, KeyVault, type WalletModalServer } from '../../internal.js'
import { demoServerConfig } from '../../config/demoServerConfig.js'
import { useStarted } from '../../__fixtures__/useStarted.js'

const PAGE = 'http://127.0.0.1:5173'

interface Started {
  relay: DevnetFarcasterRelay
  server: WalletModalServer
  /** A second server that believes fid 1001's custody is another address. */
  wrong: WalletModalServer
  close(): Promise<void>
}

async function start(): Promise<Started> {
  const relay = await startFarcasterRelay()
  const make = (custody: Record<number, string>) =>
    createServer({
      config: demoServerConfig({ chains: [], tokens: { DUSD: '0x0', USDT: '0x0' }, origins: ['http://127.0.0.1:*'] }),
      secureSite: {
        mail: { smtpUrl: 'smtp://127.0.0.1:1', from: 'W <w@devnet.local>' },
        vault: new KeyVault(new Uint8Array(32).fill(3)),
        farcaster: { relayUrl: relay.url, custody }
      }
    })
  const server = await make(devnetFarcasterCustody())
  const wrong = await make({ 1001: '0x000000000000000000000000000000000000dEaD' })
  return {
    relay,
    server,
    wrong,
    async close() {
      await server.close()
      await wrong.close()
      await relay.close()
    }
  }
}

async function api(site: string, path: string, body: unknown) {
  const response = await fetch(`${site}${path}`, {
    method: 'POST',
    headers: { origin: site, 'x-wm-project': 'demo', 'content-type': 'application/json' },
    body: JSON.stringify(body)
  })
  return { status: response.status, json: (await response.json().catch(() => ({}))) as Record<string, any> }
}

/** The Farcaster app's part: approve on the stand-in's page as a test account. */
async function approve(uri: string, fid: number): Promise<string> {
  const res = await fetch(uri, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `fid=${fid}` })
  return res.text()
}

async function farcasterLogin(server: WalletModalServer, fid: number, binding = 'f'.repeat(32)) {
  const site = server.secureSiteUrl!
  const started = await api(site, '/api/farcaster/start', { projectId: 'demo', origin: PAGE, binding })
  assert.equal(started.status, 200, JSON.stringify(started.json))
  const pending = await api(site, '/api/farcaster/status', { login: started.json.login, binding })
  assert.deepEqual(pending.json, { state: 'pending' })
  assert.match(await approve(started.json.uri, fid), /Signed in/)
  return { site, login: started.json.login as string, binding, uri: started.json.uri as string }
}

describe('Sign In With Farcaster (secure site, @farcaster/auth-client, devnet relay)', () => {
  const s = useStarted(start, x => x.close())

  it('offers farcaster once configured; a QR link on the relay; the custody-signed answer logs the fid in, the same fid again gets the same addresses', async () => {
    const res = await fetch(`${s.server.url}/appkit/v1/config?projectId=demo&st=appkit&sv=html-test`)
    const socials = ((await res.json()) as { features: { id: string; config: unknown }[] }).features.find(f => f.id === 'socials')
    assert.deepEqual(socials?.config, ['farcaster'])
    const alice = DEVNET_FARCASTER_ACCOUNTS[0]!
    const first = await farcasterLogin(s.server, alice.fid)
    assert.ok(first.uri.startsWith(`${s.relay.url}/sign-in?channelToken=`))
    // Another frame's binding learns nothing.
    assert.equal((await api(first.site, '/api/farcaster/status', { login: first.login, binding: 'x'.repeat(32) })).status, 400)
    const done = await api(first.site, '/api/farcaster/status', { login: first.login, binding: first.binding })
    assert.equal(done.status, 200, JSON.stringify(done.json))
    assert.equal(done.json.state, 'completed')
    assert.match(done.json.token, /^wme_/)
    assert.equal(done.json.user.provider, 'farcaster')
    assert.equal(done.json.user.userName, alice.username)
    // Used once.
    assert.equal((await api(first.site, '/api/farcaster/status', { login: first.login, binding: first.binding })).status, 400)
    const again = await farcasterLogin(s.server, alice.fid)
    const second = await api(again.site, '/api/farcaster/status', { login: again.login, binding: again.binding })
    assert.deepEqual(second.json.user.addresses, done.json.user.addresses)
    const bob = await farcasterLogin(s.server, DEVNET_FARCASTER_ACCOUNTS[1]!.fid)
    const third = await api(bob.site, '/api/farcaster/status', { login: bob.login, binding: bob.binding })
    assert.notDeepEqual(third.json.user.addresses, done.json.user.addresses)
  })

  it('refuses an answer signed by a key that is not the fid custody address', async () => {
    const attempt = await farcasterLogin(s.wrong, DEVNET_FARCASTER_ACCOUNTS[0]!.fid)
    const refused = await api(attempt.site, '/api/farcaster/status', { login: attempt.login, binding: attempt.binding })
    assert.equal(refused.status, 401)
    assert.match(refused.json.reason, /did not verify: .*does not own fid 1001/)
  })
})

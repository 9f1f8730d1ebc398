// A site's backend that trusts a visitor's sign-in only through verifySessionToken: a real HTTP
// server on loopback asking a real wallet-modal server (with an anvil devnet behind it). It
// accepts a genuine token and refuses forged, expired, revoked and other-project ones, and a
// session service that is down or stalls.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { createServer as createHttpServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { WALLET_PRIVATE_KEY, startDevnet, type Devnet } from '@wallet-modal/devnet'
import { createServer, verifySessionToken, type WalletModalServer } from '../internal.js'
import { demoServerConfig } from '../config/demoServerConfig.js'
import { CLIENT, postJson, urlOf } from '../__fixtures__/http.js'

const wallet = privateKeyToAccount(WALLET_PRIVATE_KEY)

/** Starts an HTTP server on 127.0.0.1 and resolves with its URL. */
async function listen(server: Server): Promise<string> {
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

describe('verifySessionToken, from a site backend', () => {
  let devnet: Devnet
  let service: WalletModalServer
  let backend: Server
  let backendUrl = ''
  let serviceUrl = ''
  const stalled: Server[] = []

  /** The site's own API: who is signed in, per the token the page sent. */
  const whoAmI = async (token: string) => {
    const response = await fetch(`${backendUrl}/me`, { headers: { authorization: `Bearer ${token}` } })
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }

  /** Signs the devnet wallet in to a project and returns the answer (session and token). */
  const signIn = async (projectId: string, site: { domain: string; uri: string }, expirationTime?: Date) => {
    const client = { ...CLIENT, projectId }
    const nonce = (await postJson<{ nonce: string }>(urlOf(service.url, '/v1/sessions/nonce', {}, client), {})).body.nonce
    const message = createSiweMessage({ ...site, address: wallet.address, chainId: 31337, nonce, version: '1', issuedAt: new Date(), expirationTime })
    const signature = await wallet.signMessage({ message })
    const answer = await postJson<{ session: { id: string }; token: string }>(urlOf(service.url, '/v1/sessions', {}, client), { message, signature })
    assert.equal(answer.status, 200, JSON.stringify(answer.body))
    return { ...answer.body, signature }
  }
  const demoSite = { domain: '127.0.0.1:5173', uri: 'http://127.0.0.1:5173/' }

  before(async () => {
    devnet = await startDevnet()
    const config = demoServerConfig({ chains: devnet.chains, tokens: devnet.tokens })
    config.history = { enabled: false }
    config.projects.push({ id: 'shop', allowedOrigins: ['https://shop.example'] })
    service = await createServer({ config, relay: false })
    serviceUrl = service.url
    backend = createHttpServer(async (request, response) => {
      const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1] ?? ''
      const check = await verifySessionToken({ serverUrl: serviceUrl, projectId: 'demo', token, timeoutMs: 1000 })
      response.writeHead(check.ok ? 200 : 401, { 'content-type': 'application/json' })
      response.end(JSON.stringify(check.ok ? { address: check.address, chainId: check.chainId, expiresAt: check.expiresAt } : { error: check.reason }))
    })
    backendUrl = await listen(backend)
  })
  after(async () => {
    for (const server of [backend, ...stalled]) {
      server.closeAllConnections()
      await new Promise(resolve => server.close(resolve))
    }
    await service?.close()
    await devnet?.stop()
  })

  it('learns the address, chain and expiry of a genuine token', async () => {
    const expires = new Date(Date.now() + 3_600_000)
    const { token } = await signIn('demo', demoSite, expires)
    assert.deepEqual(await whoAmI(token), { status: 200, body: { address: wallet.address, chainId: 'eip155:31337', expiresAt: expires.toISOString() } })
  })

  it("refuses a forged, an expired, a revoked and another project's token", async () => {
    const refused = { status: 401, body: { error: 'Invalid or expired session token' } }
    assert.deepEqual(await whoAmI(`wms_${randomBytes(32).toString('base64url')}`), refused, 'forged')
    assert.deepEqual(await whoAmI('not-a-token'), refused, 'garbage')

    const expired = await signIn('demo', demoSite)
    assert.equal((await whoAmI(expired.token)).status, 200)
    await service.store.query(`UPDATE siwx_sessions SET token_expires_at = now() - interval '1 second' WHERE id = $1`, [expired.session.id])
    assert.deepEqual(await whoAmI(expired.token), refused, 'expired')

    const revoked = await signIn('demo', demoSite)
    const done = await postJson(urlOf(service.url, `/v1/sessions/${wallet.address}/revoke`, {}, CLIENT), {
      pci: revoked.session.id,
      signature: revoked.signature
    })
    assert.equal(done.status, 200)
    assert.deepEqual(await whoAmI(revoked.token), refused, 'revoked')

    const shop = await signIn('shop', { domain: 'shop.example', uri: 'https://shop.example/' })
    assert.deepEqual(await whoAmI(shop.token), refused, "another project's")
  })

  it('says so when the session service is down or stalls, within its timeout', async () => {
    const { token } = await signIn('demo', demoSite)
    // Down: a port that was just closed.
    const closed = createHttpServer()
    const closedUrl = await listen(closed)
    await new Promise(resolve => closed.close(resolve))
    assert.deepEqual(await verifySessionToken({ serverUrl: closedUrl, projectId: 'demo', token }), {
      ok: false,
      reason: 'The session service could not be reached'
    })
    // Stalls after the headers: the timeout covers the body too.
    const slow = createHttpServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.write('{"valid":')
    })
    stalled.push(slow)
    const started = Date.now()
    assert.deepEqual(await verifySessionToken({ serverUrl: await listen(slow), projectId: 'demo', token, timeoutMs: 300 }), {
      ok: false,
      reason: 'The session service did not answer in time'
    })
    assert.ok(Date.now() - started < 5000)
  })
})

import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { CLIENT, postJson, urlOf } from '../__fixtures__/http.js'
import { DEMO_ORIGIN, startOfflineServer } from '../__fixtures__/startOfflineServer.js'
import { useStarted } from '../__fixtures__/useStarted.js'

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const EVIL = 'https://evil.example'

describe('origin guard', () => {
  const server = useStarted(startOfflineServer, s => s.close())

  it('refuses state-changing and user-data routes to a browser on another origin', async () => {
    const nonce = await postJson(urlOf(server.url, '/v1/sessions/nonce'), {}, { origin: EVIL })
    assert.deepEqual([nonce.status, nonce.body], [403, { error: 'forbidden', reason: `Origin not allowed for this project: ${EVIL}` }])
    const sessions = await fetch(urlOf(server.url, `/v1/sessions/${ACCOUNT}`), { headers: { origin: EVIL } })
    assert.equal(sessions.status, 403)
    assert.equal(sessions.headers.get('access-control-allow-origin'), null, 'and the page cannot read it either')
    const balance = await fetch(urlOf(server.url, `/v1/account/${ACCOUNT}/balance`, { currency: 'usd' }), { headers: { origin: EVIL } })
    assert.equal(balance.status, 403)
    const rpc = await postJson(
      urlOf(server.url, '/v1/', { chainId: 'eip155:31337' }, { projectId: 'demo' }),
      { jsonrpc: '2.0', id: 1, method: 'eth_chainId' },
      { origin: EVIL }
    )
    assert.equal(rpc.status, 403)
  })

  it("serves the project's own origins and callers without an Origin (backends, wallets)", async () => {
    const own = await postJson(urlOf(server.url, '/v1/sessions/nonce'), {}, { origin: DEMO_ORIGIN })
    assert.equal(own.status, 200)
    const backend = await postJson(urlOf(server.url, '/v1/sessions/nonce'), {})
    assert.equal(backend.status, 200)
    // Past the origin guard, the session list asks for its token (401, not 403).
    const sessions = await fetch(urlOf(server.url, `/v1/sessions/${ACCOUNT}`), { headers: { origin: DEMO_ORIGIN } })
    assert.equal(sessions.status, 401)
    // A site's backend verifying a token sends no Origin and is served.
    const verify = await postJson(urlOf(server.url, '/v1/sessions/verify'), { token: 'wms_x' })
    assert.deepEqual([verify.status, verify.body.reason], [401, 'Invalid or expired session token'])
  })

  it('leaves public reads and the analytics sink open to any origin', async () => {
    assert.equal((await fetch(urlOf(server.url, '/getWallets', { page: 1, entries: 1 }), { headers: { origin: EVIL } })).status, 200)
    assert.equal((await fetch(urlOf(server.url, '/projects/v1/origins'), { headers: { origin: EVIL } })).status, 200)
    const event = await postJson(
      urlOf(server.url, '/e', {}, CLIENT),
      {
        eventId: crypto.randomUUID(),
        url: 'https://evil.example/',
        domain: 'evil.example',
        timestamp: Date.now(),
        props: { type: 'track', event: 'MODAL_OPEN' }
      },
      { origin: EVIL }
    )
    assert.equal(event.status, 202, JSON.stringify(event.body))
  })
})

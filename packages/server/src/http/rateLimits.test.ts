import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { createServer, type ServerConfig } from '../internal.js'
import { demoServerConfig } from '../config/demoServerConfig.js'
import { CLIENT, urlOf } from '../__fixtures__/http.js'
import { useStarted } from '../__fixtures__/useStarted.js'
import { appliedLimit, RATE_LIMIT_DEFAULTS } from './rateLimits.js'

function limitedConfig(): ServerConfig {
  const config = demoServerConfig({
    chains: [{ chainId: 31337, name: 'Devnet', rpcUrl: 'http://127.0.0.1:9' }],
    tokens: { DUSD: '0x5FbDB2315678afecb367f032d93F642f64180aa3', USDT: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512' }
  })
  config.history = { enabled: false }
  config.rateLimits = { routes: { directory: 3 } }
  config.projects.push({ id: 'roomy', allowedOrigins: ['https://roomy.example'], rateLimits: { routes: { directory: 50 } } })
  config.projects.push({ id: 'open', allowedOrigins: ['https://open.example'], rateLimits: { enabled: false } })
  return config
}

describe('rate limits', () => {
  // Behind one proxy hop, so each test names its own clients in X-Forwarded-For.
  const server = useStarted(
    () => createServer({ config: limitedConfig(), relay: false, trustProxy: 1 }),
    s => s.close()
  )
  const get = (path: string, client: string, project: string = CLIENT.projectId) =>
    fetch(urlOf(server.url, path, {}, { ...CLIENT, projectId: project }), { headers: { 'x-forwarded-for': client } })

  it('answers 429 with Retry-After past the limit, and still serves other clients and other groups', async () => {
    const statuses = []
    for (let i = 0; i < 4; i++) statuses.push((await get('/getWallets?page=1&entries=1', '198.51.100.1')).status)
    assert.deepEqual(statuses, [200, 200, 200, 429])
    const refused = await get('/appkit/v1/config', '198.51.100.1')
    assert.equal(refused.status, 429, 'the whole directory group shares one count')
    const retryAfter = Number(refused.headers.get('retry-after'))
    assert.ok(retryAfter >= 1 && retryAfter <= 60, String(retryAfter))
    assert.deepEqual(await refused.json(), { error: 'rate_limited', reason: `Too many requests; try again in ${retryAfter} s` })
    assert.equal((await get('/getWallets?page=1&entries=1', '198.51.100.2')).status, 200, 'another client has its own count')
    assert.equal((await get('/public/getTokenImage/DUSD', '198.51.100.1')).status, 200, 'images are counted apart')
  })

  it('counts an IPv6 client by its /64, so rotating addresses does not help', async () => {
    const statuses = []
    for (let i = 1; i <= 4; i++) statuses.push((await get('/getWallets?page=1&entries=1', `2001:db8:7:7::${i}`)).status)
    assert.deepEqual(statuses, [200, 200, 200, 429])
    assert.equal((await get('/getWallets?page=1&entries=1', '2001:db8:7:8::1')).status, 200, 'the next /64 is another client')
  })

  it("takes a project's own limits over the server's, and counts each project apart", async () => {
    const client = '198.51.100.3'
    for (let i = 0; i < 3; i++) assert.equal((await get('/getWallets?page=1&entries=1', client)).status, 200)
    assert.equal((await get('/getWallets?page=1&entries=1', client)).status, 429)
    const roomy = []
    for (let i = 0; i < 10; i++) roomy.push((await get('/getWallets?page=1&entries=1', client, 'roomy')).status)
    assert.deepEqual(new Set(roomy), new Set([200]))
    const open = []
    for (let i = 0; i < 10; i++) open.push((await get('/getWallets?page=1&entries=1', client, 'open')).status)
    assert.deepEqual(new Set(open), new Set([200]), 'enabled: false turns the limits off')
  })

  it('resolves a limit field by field: project group, project max, server group, server max, default', () => {
    const config = limitedConfig()
    assert.deepEqual(appliedLimit(config, undefined, 'directory'), { enabled: true, windowMs: 60_000, max: 3 })
    assert.deepEqual(appliedLimit(config, undefined, 'images'), { enabled: true, windowMs: 60_000, max: RATE_LIMIT_DEFAULTS.images })
    assert.equal(appliedLimit(config, { max: 7 }, 'directory').max, 7)
    assert.equal(appliedLimit(config, { max: 7, routes: { directory: 8 } }, 'directory').max, 8)
    assert.equal(appliedLimit({ ...config, rateLimits: { max: 9, windowMs: 5000 } }, undefined, 'fanout').max, 9)
    assert.equal(appliedLimit({ ...config, rateLimits: { windowMs: 5000 } }, undefined, 'fanout').windowMs, 5000)
    assert.equal(appliedLimit({ ...config, rateLimits: { windowMs: 5000 } }, undefined, 'nonce').windowMs, 60_000, 'nonces count per minute')
    assert.equal(appliedLimit({ ...config, sessions: { noncesPerMinute: 4 } }, undefined, 'nonce').max, 4)
  })

  it('refuses a config naming an unknown group', async () => {
    const config = limitedConfig()
    ;(config.rateLimits as Record<string, unknown>).routes = { everything: 1 }
    await assert.rejects(createServer({ config, relay: false }), /rate limit group/)
  })
})

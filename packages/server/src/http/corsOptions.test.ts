// The CORS policy: a project's origins may read its answers; other origins only what holds no
// project data.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { CLIENT, urlOf } from '../__fixtures__/http.js'
import { DEMO_ORIGIN as ORIGIN, startOfflineServer } from '../__fixtures__/startOfflineServer.js'
import { useStarted } from '../__fixtures__/useStarted.js'

describe('CORS', () => {
  const server = useStarted(startOfflineServer, started => started.close())

  const withOrigin = (url: string, origin: string, init: RequestInit = {}) =>
    fetch(url, { ...init, headers: { origin, ...(init.headers as Record<string, string>) } })

  it("allows the project's origins (with port wildcards) and exposes Retry-After", async () => {
    const response = await withOrigin(urlOf(server.url, '/getAnalyticsConfig'), ORIGIN)
    assert.equal(response.headers.get('access-control-allow-origin'), ORIGIN)
    assert.match(response.headers.get('access-control-expose-headers') ?? '', /Retry-After/i)
    const preflight = await withOrigin(urlOf(server.url, '/e'), ORIGIN, {
      method: 'OPTIONS',
      headers: { 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' }
    })
    assert.equal(preflight.status, 204)
    assert.equal(preflight.headers.get('access-control-allow-origin'), ORIGIN)
    assert.match(preflight.headers.get('access-control-allow-methods') ?? '', /POST/)
    assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /content-type/)
  })

  it('gives other origins no CORS headers, except where the answer holds no project data', async () => {
    const denied = await withOrigin(urlOf(server.url, '/appkit/v1/config'), 'https://evil.example')
    assert.equal(denied.headers.get('access-control-allow-origin'), null)
    const locked = { ...CLIENT, projectId: 'locked' }
    const sub = await withOrigin(urlOf(server.url, '/appkit/v1/config', {}, locked), 'https://a.shop.example')
    assert.equal(sub.headers.get('access-control-allow-origin'), 'https://a.shop.example')
    const notSub = await withOrigin(urlOf(server.url, '/appkit/v1/config', {}, locked), 'https://shop.example.evil.example')
    assert.equal(notSub.headers.get('access-control-allow-origin'), null)
    // A page on a forbidden origin may learn whether analytics is on and report (write-only)...
    const flag = await withOrigin(urlOf(server.url, '/getAnalyticsConfig'), 'https://evil.example')
    assert.equal(flag.headers.get('access-control-allow-origin'), 'https://evil.example')
    const report = await withOrigin(urlOf(server.url, '/e'), 'https://evil.example', {
      method: 'OPTIONS',
      headers: { 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' }
    })
    assert.equal(report.headers.get('access-control-allow-origin'), 'https://evil.example')
    // ...but never read the project's events.
    const read = await withOrigin(urlOf(server.url, '/e'), 'https://evil.example')
    assert.equal(read.headers.get('access-control-allow-origin'), null)
    // The modal must read the list to tell the site owner its origin is missing.
    const origins = await withOrigin(urlOf(server.url, '/projects/v1/origins', {}, locked), ORIGIN)
    assert.equal(origins.headers.get('access-control-allow-origin'), ORIGIN)
    const unknown = await withOrigin(urlOf(server.url, '/getAnalyticsConfig', {}, { ...CLIENT, projectId: 'nope' }), ORIGIN)
    assert.equal(unknown.status, 403)
    assert.equal(unknown.headers.get('access-control-allow-origin'), ORIGIN)
  })
})

// Every failure answers JSON { error, reason }: unknown routes, bad JSON, wrong content types,
// and requests the wire contract's schemas refuse (the reason names the field).
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { getJson, postJson, urlOf } from '../__fixtures__/http.js'
import { startOfflineServer } from '../__fixtures__/startOfflineServer.js'
import { useStarted } from '../__fixtures__/useStarted.js'

describe('error answers', () => {
  const server = useStarted(startOfflineServer, started => started.close())

  it('answers unknown routes, bad JSON and wrong content types with JSON reasons', async () => {
    const unknown = await getJson(`${server.url}/nope?x=1`)
    assert.deepEqual(unknown.body, { error: 'not_found', reason: 'No route for GET /nope' })
    assert.equal(unknown.status, 404)
    const badJson = await postJson(urlOf(server.url, '/e'), '{"eventId": ')
    assert.equal(badJson.status, 400)
    assert.equal(badJson.body.error, 'bad_request')
    const text = await fetch(urlOf(server.url, '/e'), { method: 'POST', headers: { 'content-type': 'application/xml' }, body: '<hi/>' })
    assert.equal(text.status, 415)
    assert.equal(((await text.json()) as { error: string }).error, 'unsupported_media_type')
  })

  it('names the field a request fails the contract on, and what it expected', async () => {
    const cases: [string, string][] = [
      [urlOf(server.url, '/getWallets', { page: 1 }), 'Invalid querystring: entries is required'],
      [urlOf(server.url, '/getWallets', { page: 1, entries: 101 }), 'Invalid querystring: entries must be <=100, got 101'],
      [
        urlOf(server.url, '/getWallets', { page: 1, entries: 1, badge_type: 'gold' }),
        'Invalid querystring: badge_type must be ("none" | "certified"), got "gold"'
      ],
      [urlOf(server.url, '/v1/identity/0x123'), 'Invalid params: address must be /^0x[0-9a-fA-F]{40}$/, got "0x123"']
    ]
    for (const [url, reason] of cases) assert.deepEqual((await getJson(url)).body, { error: 'bad_request', reason }, url)
    const event = { eventId: 'e', url: 'http://127.0.0.1:5173/', domain: '127.0.0.1', timestamp: 1, props: { event: 'E' } }
    assert.deepEqual((await postJson(urlOf(server.url, '/e'), { ...event, extra: 1 })).body, {
      error: 'bad_request',
      reason: 'Invalid body: extra is not allowed'
    })
    // A rejected value is quoted, never echoed whole.
    const long = await postJson(urlOf(server.url, '/e'), { ...event, props: { event: 'x'.repeat(500) } })
    assert.ok(long.body.reason.length < 200, long.body.reason)
  })
})

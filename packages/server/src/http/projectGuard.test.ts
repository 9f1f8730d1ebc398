// The project guard: every service call needs a known projectId and non-empty st and sv (spec
// §7); what is missing or unknown is named in the answer.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { CLIENT, getJson, urlOf } from '../__fixtures__/http.js'
import { startOfflineServer } from '../__fixtures__/startOfflineServer.js'
import { useStarted } from '../__fixtures__/useStarted.js'

describe('project parameters', () => {
  const server = useStarted(startOfflineServer, started => started.close())

  const paths = [
    '/getWallets?page=1&entries=1',
    '/appkit/v1/config',
    '/projects/v1/origins',
    '/getAnalyticsConfig',
    '/v1/supported-chains',
    '/public/getTokenImage/ETH'
  ]

  it('answers 400 naming the missing projectId, st or sv', async () => {
    for (const path of paths) {
      for (const name of ['projectId', 'st', 'sv'] as const) {
        const client: Record<string, string> = { ...CLIENT }
        delete client[name]
        const { status, body } = await getJson(urlOf(server.url, path, {}, client))
        assert.equal(status, 400, `${path} without ${name}`)
        assert.deepEqual(body, { error: 'bad_request', reason: `Missing required query parameter: ${name}` })
      }
      const empty = await getJson(urlOf(server.url, path, {}, { ...CLIENT, st: '' }))
      assert.equal(empty.status, 400)
    }
  })

  it('answers 403 for an unknown project', async () => {
    for (const path of paths) {
      const { status, body } = await getJson(urlOf(server.url, path, {}, { ...CLIENT, projectId: 'nope' }))
      assert.equal(status, 403, path)
      assert.deepEqual(body, { error: 'forbidden', reason: 'Unknown project id' })
    }
  })
})

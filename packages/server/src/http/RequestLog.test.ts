// The request log: one row per request, kept in the database.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { CLIENT, getJson, urlOf, waitFor } from '../__fixtures__/http.js'
import { startOfflineServer } from '../__fixtures__/startOfflineServer.js'
import { useStarted } from '../__fixtures__/useStarted.js'

describe('request log', () => {
  const server = useStarted(startOfflineServer, started => started.close())

  it('stores method, path, status and duration of every request', async () => {
    await getJson(urlOf(server.url, '/getAnalyticsConfig', { marker: 'log-test' }))
    await getJson(urlOf(server.url, '/getAnalyticsConfig', {}, { ...CLIENT, projectId: 'nope' }))
    type Row = { method: string; path: string; status: number; ms: number; project_id: string | null }
    let rows: Row[] = []
    await waitFor(
      async () => {
        rows = (
          await server.store.query<Row>(
            `SELECT method, path, status, ms::float8 AS ms, project_id FROM request_log WHERE path = '/getAnalyticsConfig' ORDER BY id`
          )
        ).rows
        // The log is written after each answer is sent, in batches, so under load the second
        // request's row can be stored before the first one's: wait for both.
        return rows.some(r => r.status === 403) && rows.some(r => r.status === 200)
      },
      3000,
      'request log rows'
    )
    const ok = rows.find(r => r.status === 200)!
    assert.equal(ok.method, 'GET')
    assert.equal(ok.project_id, 'demo')
    assert.ok(ok.ms >= 0 && ok.ms < 5000)
    assert.equal(rows.find(r => r.status === 403)!.project_id, 'nope')
  })
})

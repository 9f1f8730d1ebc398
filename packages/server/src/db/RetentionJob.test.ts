import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { openStore } from './openStore.js'
import type { Store } from './Store.js'
import { RETENTION_DEFAULTS, RetentionJob } from './RetentionJob.js'

const DAY = 24 * 60 * 60 * 1000
let serial = 0

/** Rows as steady traffic leaves them, stamped at `at`: a request, an event, a session that ends, a relay message, a user operation. */
async function traffic(store: Store, at: number, count = 5): Promise<void> {
  const stamp = new Date(at).toISOString()
  for (let i = 0; i < count; i++) {
    const n = serial++
    await store.query(`INSERT INTO request_log (at, method, path, status, ms) VALUES ($1, 'GET', '/getWallets', 200, 1)`, [stamp])
    await store.query(
      `INSERT INTO analytics_events (project_id, event_id, event, url, domain, client_timestamp, sdk_type, sdk_version, props, received_at)
       VALUES ('demo', $1, 'MODAL_OPEN', 'http://127.0.0.1/', '127.0.0.1', 0, 't', 't', '{}'::jsonb, $2)`,
      [`e-${n}`, stamp]
    )
    await store.query(
      `INSERT INTO siwx_sessions (id, project_id, address, address_key, chain_id, domain, uri, nonce, issued_at, message, signature, revoked_at)
       VALUES ($1, 'demo', '0xabc', '0xabc', 'eip155:1', 'a', 'http://a/', $1, $2, 'm', 's', $2)`,
      [`s-${n}`, stamp]
    )
    await store.query(
      `INSERT INTO relay_messages (topic, message, tag, publisher, published_at, expires_at, hash)
       VALUES ('t', 'm', 1, 'p', $1, $2::timestamptz + interval '30 days', $3)`,
      [stamp, stamp, `h-${n}`]
    )
    await store.query(
      `INSERT INTO user_operations (chain_id, user_op_hash, entry_point, sender, nonce, operation, tx_hash, created_at)
       VALUES ('eip155:1', $1, '0xe', '0xs', '0x0', '{}'::jsonb, '0xt', $2)`,
      [`u-${n}`, stamp]
    )
    await store.query(
      `INSERT INTO paymaster_sponsorships (chain_id, paymaster, user_key, client_key, sender, gas, created_at) VALUES ('eip155:1', '0xp', $1, 'c', '0xs', 1, $2)`,
      [`u-${n}`, stamp]
    )
    await store.query(`INSERT INTO embedded_otp_failures (email, failed_at) VALUES ($1, $2)`, [`f-${n}@example.com`, stamp])
  }
}

async function sizes(store: Store): Promise<number[]> {
  const tables = ['request_log', 'analytics_events', 'siwx_sessions', 'relay_messages', 'user_operations', 'paymaster_sponsorships', 'embedded_otp_failures']
  const counts = []
  for (const table of tables) counts.push((await store.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n)
  return counts
}

describe('RetentionJob', () => {
  let store: Store
  before(async () => {
    store = await openStore({})
  })
  after(async () => store?.close())

  it('deletes each kind of row past its own age and keeps the younger ones', async () => {
    const now = Date.now()
    await store.exec('TRUNCATE request_log, analytics_events, siwx_sessions, relay_messages, user_operations, paymaster_sponsorships, embedded_otp_failures')
    await traffic(store, now - 31 * DAY, 1) // past every default but analytics' 90 days
    await traffic(store, now - 91 * DAY, 1) // past every default
    await traffic(store, now - 29 * DAY, 1) // within every default
    const report = await new RetentionJob(store).runOnce()
    assert.deepEqual(report, { requestLog: 2, analytics: 1, endedSessions: 2, relayMessages: 2, userOperations: 2, sponsorships: 2, embeddedAuth: 3 })
    assert.deepEqual(await sizes(store), [1, 2, 1, 1, 1, 1, 0])
    // An open session (neither revoked nor expired) is kept however old it is.
    await store.query(
      `INSERT INTO siwx_sessions (id, project_id, address, address_key, chain_id, domain, uri, nonce, issued_at, message, signature)
       VALUES ('open-old', 'demo', '0xabc', '0xabc', 'eip155:1', 'a', 'http://a/', 'open-old', now() - interval '400 days', 'm', 's')`
    )
    await new RetentionJob(store, { endedSessionsDays: 1 }).runOnce()
    assert.deepEqual((await store.query<{ id: string }>(`SELECT id FROM siwx_sessions`)).rows, [{ id: 'open-old' }])
  })

  it('keeps the tables at a steady size under steady traffic (a soak of 60 simulated hours)', async () => {
    await store.exec('TRUNCATE request_log, analytics_events, siwx_sessions, relay_messages, user_operations, paymaster_sponsorships, embedded_otp_failures')
    let clock = Date.now()
    const hour = 60 * 60 * 1000
    const ages = { requestLogDays: 0.25, analyticsDays: 0.25, endedSessionsDays: 0.25, relayMessagesDays: 0.25, userOperationsDays: 0.25 } // 6 hours
    const job = new RetentionJob(store, ages, () => clock)
    const history: number[][] = []
    for (let round = 0; round < 60; round++) {
      await traffic(store, clock)
      await job.runOnce()
      history.push(await sizes(store))
      clock += hour
    }
    // Six hours of traffic are kept (a day of code failures): the tables grow for six rounds (24), then stay put.
    const steady = history[24]!
    assert.deepEqual(steady, [35, 35, 35, 35, 35, 35, 125])
    for (const [round, counts] of history.entries()) if (round >= 6) assert.deepEqual(counts.slice(0, 6), steady.slice(0, 6), `round ${round}`)
    for (const [round, counts] of history.entries()) if (round >= 24) assert.deepEqual(counts, steady, `round ${round}`)
  })

  it('runs at start and on its interval until stopped, and stop waits for a run', async () => {
    await store.exec('TRUNCATE request_log')
    await traffic(store, Date.now() - 400 * DAY, 2)
    const job = new RetentionJob(store, { intervalMs: 100 })
    job.start()
    await job.stop()
    assert.equal((await store.query<{ n: number }>(`SELECT count(*)::int AS n FROM request_log`)).rows[0]!.n, 0, 'the first run happened at start')
    assert.equal(RETENTION_DEFAULTS.requestLogDays, 30)
  })
})

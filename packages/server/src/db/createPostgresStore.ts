import pg from 'pg'
import { runMigrations } from './runMigrations.js'
import type { Queryable, Store } from './Store.js'

/**
 * Connects to a PostgreSQL server (a small connection pool). The schema and every query are the
 * ones the embedded store runs, so a site can move from PGlite to a server by setting
 * `DATABASE_URL`.
 *
 * Fails fast (rejects) when the server cannot be reached, rather than on the first request.
 *
 * @param databaseUrl - A `postgres://user:password@host:port/database` connection string.
 */
export async function createPostgresStore(databaseUrl: string): Promise<Store> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 5, connectionTimeoutMillis: 10_000 })
  // An idle client losing its connection emits 'error' on the pool; without a listener that
  // would crash the process. The next query simply gets a fresh connection.
  pool.on('error', () => {})
  try {
    await pool.query('SELECT 1')
  } catch (error) {
    await pool.end()
    throw error
  }
  const wrap = (q: pg.Pool | pg.PoolClient): Queryable => ({
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await q.query(sql, [...params])
      return { rows: result.rows as Row[] }
    },
    async exec(sql: string) {
      // Without parameters pg uses the simple protocol, which accepts several statements.
      await q.query(sql)
    }
  })
  let closed: Promise<void> | undefined
  const listeners = new Set<() => Promise<void>>()
  const store: Store = {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const result = await fn(wrap(client))
        await client.query('COMMIT')
        return result
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {})
        throw error
      } finally {
        client.release()
      }
    },
    migrate: () => runMigrations(store.transaction),
    async listen(channel, onPayload) {
      const stop = await listenOn(databaseUrl, channel, onPayload)
      listeners.add(stop)
      return async () => {
        listeners.delete(stop)
        await stop()
      }
    },
    close() {
      closed ??= Promise.all([...listeners].map(stop => stop())).then(() => pool.end())
      return closed
    }
  }
  return store
}

/** Pause before a dropped LISTEN connection is opened again. */
const RELISTEN_DELAY_MS = 1000

/**
 * Opens a connection that runs `LISTEN channel` and hands each notification's payload on;
 * re-opens it (after {@link RELISTEN_DELAY_MS}) when the server drops it.
 */
async function listenOn(databaseUrl: string, channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a channel name: ${channel}`)
  let stopped = false
  let client: pg.Client | undefined
  let retry: NodeJS.Timeout | undefined
  const open = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 })
    const reopen = () => {
      next.removeAllListeners()
      next.on('error', () => {})
      void next.end().catch(() => {})
      if (stopped || client !== next) return
      client = undefined
      retry = setTimeout(() => void open().catch(reopen), RELISTEN_DELAY_MS)
      retry.unref()
    }
    client = next
    next.on('notification', message => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload)
    })
    next.on('error', reopen)
    next.on('end', reopen)
    await next.connect()
    await next.query(`LISTEN ${channel}`)
  }
  await open()
  return async () => {
    stopped = true
    clearTimeout(retry)
    const last = client
    client = undefined
    await last?.end().catch(() => {})
  }
}

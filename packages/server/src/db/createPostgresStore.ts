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
    close() {
      closed ??= pool.end()
      return closed
    }
  }
  return store
}

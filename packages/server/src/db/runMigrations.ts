import { MIGRATIONS, type Migration } from './migrations.js'
import type { Queryable } from './Store.js'

/**
 * Advisory lock key taken by every start-up write (migrations, catalogue and identity loads):
 * any number, as long as every server process on the database uses the same.
 */
export const STARTUP_LOCK_KEY = 72_616_101

/**
 * Applies the migrations a database has not seen yet, each in its own transaction, and records
 * them in `schema_migrations`. A transaction-scoped advisory lock makes two servers starting on
 * the same PostgreSQL database take turns instead of racing.
 *
 * @param transaction - Runs a function in one transaction (the store's).
 * @param migrations - Defaults to {@link MIGRATIONS}.
 * @returns The ids applied now.
 */
export async function runMigrations(
  transaction: <T>(fn: (tx: Queryable) => Promise<T>) => Promise<T>,
  migrations: readonly Migration[] = MIGRATIONS
): Promise<number[]> {
  const applied: number[] = []
  for (const migration of [...migrations].sort((a, b) => a.id - b.id)) {
    const ran = await transaction(async tx => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [STARTUP_LOCK_KEY])
      await tx.exec('CREATE TABLE IF NOT EXISTS schema_migrations (id integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())')
      const done = await tx.query<{ id: number }>('SELECT id FROM schema_migrations WHERE id = $1', [migration.id])
      if (done.rows.length > 0) return false
      await tx.exec(migration.sql)
      await tx.query('INSERT INTO schema_migrations (id, name) VALUES ($1, $2)', [migration.id, migration.name])
      return true
    })
    if (ran) applied.push(migration.id)
  }
  return applied
}

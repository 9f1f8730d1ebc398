import type { Store } from './Store.js'

// The package's store factories, each loading its database's code when called: importing
// `@wallet-modal/server` loads neither `pg` nor PGlite, so a server carries only the one it uses
// (`openStore` does the same; test/node/serverStartImports.test.ts keeps it so).

/**
 * Opens the embedded database (PGlite) in `dataDir`, or a temporary one (see
 * `db/createPgliteStore.ts`).
 *
 * @example
 * ```ts
 * const store = await createPgliteStore('./wallet-modal-data')
 * await store.migrate()
 * ```
 *
 * @param dataDir - Folder for the database files (created if missing), or undefined for a temporary database.
 */
export async function createPgliteStore(dataDir?: string): Promise<Store> {
  return (await import('./createPgliteStore.js')).createPgliteStore(dataDir)
}

/**
 * Connects to a PostgreSQL server (a small connection pool; see `db/createPostgresStore.ts`).
 * Rejects when the server cannot be reached.
 *
 * @example
 * ```ts
 * const store = await createPostgresStore(process.env.DATABASE_URL!)
 * await store.migrate()
 * ```
 *
 * @param databaseUrl - A `postgres://user:password@host:port/database` connection string.
 */
export async function createPostgresStore(databaseUrl: string): Promise<Store> {
  return (await import('./createPostgresStore.js')).createPostgresStore(databaseUrl)
}

import type { Store } from './Store.js'

/** Where the data goes: see {@link openStore}. */
export interface StoreOptions {
  /** PGlite folder; undefined keeps the embedded database in memory. */
  dataDir?: string
  /** PostgreSQL connection string; when set, wins over `dataDir`. */
  databaseUrl?: string
}

/**
 * Opens the store the options ask for and brings its schema up to date.
 *
 * @param options - See {@link StoreOptions}.
 */
export async function openStore(options: StoreOptions): Promise<Store> {
  // Only the database in use is loaded: `pg` costs a PGlite server about 15 MB resident, PGlite a
  // PostgreSQL one its module (docs/performance.md).
  const store = options.databaseUrl
    ? await (await import('./createPostgresStore.js')).createPostgresStore(options.databaseUrl)
    : await (await import('./createPgliteStore.js')).createPgliteStore(options.dataDir)
  try {
    await store.migrate()
  } catch (error) {
    await store.close()
    throw error
  }
  return store
}

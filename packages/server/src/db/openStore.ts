import { createPgliteStore } from './createPgliteStore.js'
import { createPostgresStore } from './createPostgresStore.js'
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
  const store = options.databaseUrl ? await createPostgresStore(options.databaseUrl) : await createPgliteStore(options.dataDir)
  try {
    await store.migrate()
  } catch (error) {
    await store.close()
    throw error
  }
  return store
}

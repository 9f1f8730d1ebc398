import { STARTUP_LOCK_KEY } from '../db/runMigrations.js'
import type { Store } from '../db/Store.js'
import type { WalletCatalogue } from './WalletCatalogue.js'

const VERSION_KEY = 'wallets_catalogue_version'

/**
 * Loads the catalogue into the `wallets` table on the first start, and again only when the
 * catalogue's version changes (a new release or another `walletsFile`), in one transaction, so
 * readers never see a half-loaded directory. Servers starting together on one PostgreSQL
 * database take turns (advisory lock), so the second finds the work done.
 *
 * @param store - The database.
 * @param catalogue - The wallets to serve, in featured order.
 * @returns Whether the table was (re)loaded.
 */
export async function seedWallets(store: Store, catalogue: WalletCatalogue): Promise<boolean> {
  const rows = catalogue.wallets.map((wallet, position) => ({ ...wallet, position }))
  return store.transaction(async tx => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [STARTUP_LOCK_KEY])
    const current = await tx.query<{ value: string }>('SELECT value FROM meta WHERE key = $1', [VERSION_KEY])
    if (current.rows[0]?.value === catalogue.version) return false
    await tx.exec('DELETE FROM wallets')
    // One statement for the whole catalogue: json_to_recordset turns the JSON array into rows.
    await tx.query(
      `INSERT INTO wallets (id, position, name, image_id, rdns, chains, mobile_link, desktop_link, webapp_link, homepage, badge_type)
       SELECT id, position, name, image_id, rdns, chains, mobile_link, desktop_link, webapp_link, homepage, badge_type
       FROM json_to_recordset($1::json) AS w(id text, position integer, name text, image_id text, rdns text, chains text[],
         mobile_link text, desktop_link text, webapp_link text, homepage text, badge_type text)`,
      [JSON.stringify(rows)]
    )
    await tx.query('INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value', [VERSION_KEY, catalogue.version])
    return true
  })
}

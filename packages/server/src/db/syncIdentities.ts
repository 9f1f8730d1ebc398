import type { IdentityConfig } from '../config/ServerConfig.js'
import { STARTUP_LOCK_KEY } from './runMigrations.js'
import type { Store } from './Store.js'

/**
 * Makes the `identities` table hold exactly the configured identities (the configuration is
 * their source; the table is what `/v1/identity/{address}` queries), in one transaction.
 *
 * @param store - The database.
 * @param identities - `ServerConfig.identities`.
 */
export async function syncIdentities(store: Store, identities: Record<string, IdentityConfig> = {}): Promise<void> {
  const rows = Object.entries(identities).map(([address, identity]) => ({ address: address.toLowerCase(), name: identity.name, avatar: identity.avatar }))
  await store.transaction(async tx => {
    // Servers starting together on one database would otherwise insert the same rows twice.
    await tx.query('SELECT pg_advisory_xact_lock($1)', [STARTUP_LOCK_KEY])
    await tx.exec('DELETE FROM identities')
    if (rows.length === 0) return
    await tx.query(
      `INSERT INTO identities (address, name, avatar)
       SELECT address, name, avatar FROM json_to_recordset($1::json) AS i(address text, name text, avatar text)`,
      [JSON.stringify(rows)]
    )
  })
}

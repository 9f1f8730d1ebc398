import type { ClientParamName, Wallet, WalletsQuery } from '@wallet-modal/wire'
import type { Queryable } from '../db/Store.js'

/**
 * A directory wallet as stored: the wire contract's wallet (spec §3) without the image URL, which
 * depends on the caller, and with every column present (null when empty).
 */
export type WalletRow = Required<Omit<Wallet, 'image_url' | 'image_id'>> & { image_id: string }

/** Filters and page of a directory query: `/getWallets`'s query without the client parameters. */
export type WalletQuery = Omit<WalletsQuery, ClientParamName>

/**
 * Where the directory's wallets are: the catalogue's `wallets` table, or `registry_wallets` (the
 * public registry as `wallet-modal-server wallets sync` imported it; same columns).
 */
export type WalletTable = 'wallets' | 'registry_wallets'

/**
 * How long the answer of {@link activeWalletTable} is kept: a sync by another process (the CLI,
 * another server on the same PostgreSQL) is served within this; one in this process at once (it
 * calls {@link forgetActiveWalletTable}). Asking per request cost the directory half its
 * throughput on the embedded database (`npm run bench:server`: 96 pages/s against 191).
 */
export const ACTIVE_TABLE_KEEP_MS = 5_000

const activeTables = new WeakMap<Queryable, { table: WalletTable; until: number }>()

/**
 * The table the directory serves now: the synced registry once a sync has succeeded (and left
 * wallets), else the catalogue; read again at most every {@link ACTIVE_TABLE_KEEP_MS}.
 *
 * @param db - The database.
 * @param now - The clock (tests).
 */
export async function activeWalletTable(db: Queryable, now: number = Date.now()): Promise<WalletTable> {
  const kept = activeTables.get(db)
  if (kept && kept.until > now) return kept.table
  const { rows } = await db.query<{ synced: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM registry_sync WHERE id = 1 AND last_success_at IS NOT NULL AND wallet_count > 0) AS synced'
  )
  const table: WalletTable = rows[0]?.synced ? 'registry_wallets' : 'wallets'
  activeTables.set(db, { table, until: now + ACTIVE_TABLE_KEEP_MS })
  return table
}

/**
 * Drops what {@link activeWalletTable} keeps for a database, after a sync in this process.
 *
 * @param db - The database the sync wrote.
 */
export function forgetActiveWalletTable(db: Queryable): void {
  activeTables.delete(db)
}

/**
 * Runs a directory query: the page of wallets in catalogue (featured) order, and how many match
 * in total. The filter is built as SQL with parameters only; no input is ever spliced into SQL.
 *
 * @param db - The database.
 * @param query - See {@link WalletQuery}.
 * @param table - Which wallets (default the catalogue's); see {@link activeWalletTable}.
 */
export async function queryWallets(db: Queryable, query: WalletQuery, table: WalletTable = 'wallets'): Promise<{ data: WalletRow[]; count: number }> {
  // A fixed name from the union above, never input: the only text spliced into the SQL.
  const from = table === 'registry_wallets' ? 'registry_wallets' : 'wallets'
  const where: string[] = []
  const params: unknown[] = []
  const param = (value: unknown): string => {
    params.push(value)
    return `$${params.length}`
  }
  if (query.search) where.push(`strpos(lower(name), lower(${param(query.search)})) > 0`)
  if (query.include?.length) where.push(`id = ANY(string_to_array(${param(query.include.join(','))}, ','))`)
  if (query.exclude?.length) where.push(`NOT (id = ANY(string_to_array(${param(query.exclude.join(','))}, ',')))`)
  if (query.chains?.length) {
    const exact = query.chains.filter(c => c.includes(':'))
    const namespaces = query.chains.filter(c => !c.includes(':'))
    const any: string[] = []
    if (exact.length) any.push(`chains && string_to_array(${param(exact.join(','))}, ',')`)
    if (namespaces.length) {
      any.push(`EXISTS (SELECT 1 FROM unnest(chains) AS c WHERE split_part(c, ':', 1) = ANY(string_to_array(${param(namespaces.join(','))}, ',')))`)
    }
    where.push(`(${any.join(' OR ')})`)
  }
  if (query.badge_type && query.badge_type !== 'none') where.push(`badge_type = ${param(query.badge_type)}`)
  const filter = where.length ? `WHERE ${where.join(' AND ')}` : ''
  const countParams = [...params]
  const limit = param(query.entries)
  const offset = param((query.page - 1) * query.entries)
  const [page, total] = await Promise.all([
    db.query<WalletRow>(
      // A registry wallet also names its browser providers (`injected`, as the registry lists them).
      `SELECT id, name, image_id, rdns, chains::text[] AS chains, mobile_link, desktop_link, webapp_link, homepage, badge_type${from === 'registry_wallets' ? ", wallet->'injected' AS injected" : ''}
       FROM ${from} ${filter} ORDER BY position, id LIMIT ${limit} OFFSET ${offset}`,
      params
    ),
    db.query<{ count: number }>(`SELECT count(*)::int AS count FROM ${from} ${filter}`, countParams)
  ])
  return { data: page.rows, count: total.rows[0]?.count ?? 0 }
}

/**
 * Finds a wallet by its image id (for `/getWalletImage/{id}`), with the stored image of a synced
 * registry wallet when there is one (none: the route draws a tile).
 *
 * @param db - The database.
 * @param imageId - The wallet's `image_id`.
 * @param table - Which wallets (default the catalogue's).
 */
export async function findWalletByImageId(
  db: Queryable,
  imageId: string,
  table: WalletTable = 'wallets'
): Promise<{ name: string; image?: { contentType: string; bytes: Buffer } } | undefined> {
  if (table === 'wallets') {
    const result = await db.query<{ name: string }>('SELECT name FROM wallets WHERE image_id = $1', [imageId])
    return result.rows[0]
  }
  // Bytes as base64 text: the two drivers return bytea differently (Buffer, Uint8Array).
  const { rows } = await db.query<{ name: string; content_type: string | null; bytes: string | null }>(
    `SELECT w.name, i.content_type, encode(i.bytes, 'base64') AS bytes
     FROM registry_wallets w LEFT JOIN registry_images i ON i.image_id = w.image_id
     WHERE w.image_id = $1 ORDER BY w.position LIMIT 1`,
    [imageId]
  )
  const row = rows[0]
  if (!row) return undefined
  return row.content_type && row.bytes !== null
    ? { name: row.name, image: { contentType: row.content_type, bytes: Buffer.from(row.bytes, 'base64') } }
    : { name: row.name }
}

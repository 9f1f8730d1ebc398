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
 * Runs a directory query: the page of wallets in catalogue (featured) order, and how many match
 * in total. The filter is built as SQL with parameters only; no input is ever spliced into SQL.
 *
 * @param db - The database.
 * @param query - See {@link WalletQuery}.
 */
export async function queryWallets(db: Queryable, query: WalletQuery): Promise<{ data: WalletRow[]; count: number }> {
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
      any.push(
        `EXISTS (SELECT 1 FROM unnest(chains) AS c WHERE split_part(c, ':', 1) = ANY(string_to_array(${param(namespaces.join(','))}, ',')))`
      )
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
      `SELECT id, name, image_id, rdns, chains::text[] AS chains, mobile_link, desktop_link, webapp_link, homepage, badge_type
       FROM wallets ${filter} ORDER BY position LIMIT ${limit} OFFSET ${offset}`,
      params
    ),
    db.query<{ count: number }>(`SELECT count(*)::int AS count FROM wallets ${filter}`, countParams)
  ])
  return { data: page.rows, count: total.rows[0]?.count ?? 0 }
}

/**
 * Finds a wallet by its image id (for `/getWalletImage/{id}`).
 *
 * @param db - The database.
 * @param imageId - The wallet's `image_id`.
 */
export async function findWalletByImageId(db: Queryable, imageId: string): Promise<{ name: string } | undefined> {
  const result = await db.query<{ name: string }>('SELECT name FROM wallets WHERE image_id = $1', [imageId])
  return result.rows[0]
}

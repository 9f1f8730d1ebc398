/**
 * Where a page of the activity feed ends: the sort key of its last transaction. The feed is
 * ordered by block time, then block number, then position in the block, then chain id, all
 * descending; the next page starts below this key.
 */
export interface HistoryCursor {
  /** Block time, unix seconds. */
  minedAt: number
  blockNumber: number
  txIndex: number
  /** CAIP-2 id. */
  chainId: string
}

const CAIP2 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/

/**
 * The opaque `next` string of a page (base64url of a small JSON array), so callers do not come to
 * rely on what is inside.
 *
 * @param cursor - The last transaction's sort key.
 */
export function encodeHistoryCursor(cursor: HistoryCursor): string {
  return Buffer.from(JSON.stringify([cursor.minedAt, cursor.blockNumber, cursor.txIndex, cursor.chainId])).toString('base64url')
}

/**
 * Reads a cursor made by {@link encodeHistoryCursor}; undefined when the text is not one.
 *
 * @param text - The `cursor` query parameter.
 */
export function decodeHistoryCursor(text: string): HistoryCursor | undefined {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(text)) return undefined
  let value: unknown
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'))
  } catch {
    return undefined
  }
  if (!Array.isArray(value) || value.length !== 4) return undefined
  const [minedAt, blockNumber, txIndex, chainId] = value as unknown[]
  const count = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0
  if (!count(minedAt) || !count(blockNumber) || !count(txIndex) || typeof chainId !== 'string' || !CAIP2.test(chainId)) return undefined
  return { minedAt, blockNumber, txIndex, chainId }
}

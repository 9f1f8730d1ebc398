/**
 * Where a page of the activity feed ends. The feed is ordered by block time, then block number,
 * then position in the block, then chain id, all descending; the next page starts strictly below
 * this key (`minedAt`, `blockNumber`, `txIndex`, `chainId`).
 *
 * `positions` is the history providers' part (see `HistoryProvider.ts`): for a chain an explorer
 * API serves, other than `chainId`, the block of its last transaction listed so far, so the next
 * page asks the API from there (`endblock`) instead of from the chain's head.
 */
export interface HistoryCursor {
  /** Block time, unix seconds. */
  minedAt: number
  blockNumber: number
  txIndex: number
  /** CAIP-2 id. */
  chainId: string
  /** Block of the last listed transaction by CAIP-2 id, for provider-served chains other than {@link chainId}. */
  positions?: Readonly<Record<string, number>>
}

const CAIP2 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/

/** Longest cursor text accepted and written (the wire contract's `MAX_HISTORY_CURSOR_LENGTH`). */
export const MAX_CURSOR_LENGTH = 200
const CURSOR_TEXT = new RegExp(`^[A-Za-z0-9_-]{1,${MAX_CURSOR_LENGTH}}$`)

/** Most chains a cursor keeps a position for. */
export const MAX_CURSOR_POSITIONS = 8

/**
 * The opaque `next` string of a page (base64url of a small JSON array), so callers do not come to
 * rely on what is inside. Positions that would make it longer than {@link MAX_CURSOR_LENGTH} are
 * left out (the provider then reads that chain from its head: slower, still right).
 *
 * @param cursor - The last transaction's sort key, with the providers' positions.
 * @example
 * encodeHistoryCursor({ minedAt: 1712345678, blockNumber: 120, txIndex: 3, chainId: 'eip155:1' }) // 'WzE3MTIzNDU2NzgsMTIwLDMsImVpcDE1NToxIl0'
 */
export function encodeHistoryCursor(cursor: HistoryCursor): string {
  const key = [cursor.minedAt, cursor.blockNumber, cursor.txIndex, cursor.chainId]
  const positions = Object.entries(cursor.positions ?? {})
    .filter(([chainId]) => chainId !== cursor.chainId)
    .slice(0, MAX_CURSOR_POSITIONS)
  for (let kept = positions.length; kept > 0; kept--) {
    const text = Buffer.from(JSON.stringify([...key, Object.fromEntries(positions.slice(0, kept))])).toString('base64url')
    if (text.length <= MAX_CURSOR_LENGTH) return text
  }
  return Buffer.from(JSON.stringify(key)).toString('base64url')
}

/**
 * Reads a cursor made by {@link encodeHistoryCursor}; undefined when the text is not one.
 *
 * @param text - The `cursor` query parameter.
 */
export function decodeHistoryCursor(text: string): HistoryCursor | undefined {
  if (!CURSOR_TEXT.test(text)) return undefined
  let value: unknown
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'))
  } catch {
    return undefined
  }
  if (!Array.isArray(value) || (value.length !== 4 && value.length !== 5)) return undefined
  const [minedAt, blockNumber, txIndex, chainId, positions] = value as unknown[]
  if (!count(minedAt) || !count(blockNumber) || !count(txIndex) || typeof chainId !== 'string' || !CAIP2.test(chainId)) return undefined
  if (value.length === 4) return { minedAt, blockNumber, txIndex, chainId }
  // Only what encodeHistoryCursor writes: a non-empty object of other chains' block numbers.
  if (typeof positions !== 'object' || positions === null || Array.isArray(positions)) return undefined
  const entries = Object.entries(positions)
  if (entries.length === 0 || entries.length > MAX_CURSOR_POSITIONS) return undefined
  if (!entries.every(([id, block]) => id !== chainId && CAIP2.test(id) && count(block))) return undefined
  return { minedAt, blockNumber, txIndex, chainId, positions: Object.fromEntries(entries) as Record<string, number> }
}

function count(n: unknown): n is number {
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0
}

/**
 * Compares two feed keys in feed order: negative when `a` comes first (is newer), positive when
 * `b` does, 0 when they are the same transaction's.
 *
 * @param a - A key.
 * @param b - Another key.
 */
export function compareFeedKeys(a: HistoryCursor, b: HistoryCursor): number {
  return b.minedAt - a.minedAt || b.blockNumber - a.blockNumber || b.txIndex - a.txIndex || (a.chainId < b.chainId ? 1 : a.chainId > b.chainId ? -1 : 0)
}

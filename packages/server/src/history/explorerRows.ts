import * as v from 'valibot'
import { UNKNOWN_TOKEN, cleanTokenLabel } from './TokenInfoCache.js'

// The rows of Etherscan's `module=account` lists (Etherscan V2, and Blockscout's RPC API, which
// answers the same actions): every number is a decimal string, addresses are 0x hex in any case.
// Fields the feed does not use (gas, input, confirmations, methodId, functionName…) are not read;
// methodId and functionName are the explorer's decoding of the input and are not shown (the
// indexer cannot tell them, and both sources must read the same).

// A uint256 has at most 78 decimal digits.
const uint = v.pipe(v.string(), v.regex(/^\d{1,78}$/))
const count = v.pipe(
  v.string(),
  v.regex(/^\d{1,16}$/),
  v.transform(Number),
  v.check(n => Number.isSafeInteger(n))
)
const address = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/), v.toLowerCase())
const hash = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{64}$/), v.toLowerCase())

/** What every row of both lists begins with: its transaction, where that stands, and a sender. */
const rowHead = {
  blockNumber: count,
  timeStamp: count,
  hash,
  nonce: count,
  transactionIndex: count,
  from: address
}

/** A `txlist` row: a transaction the account sent or received (`to` is empty for a contract creation). */
const TxlistRowSchema = v.object({
  ...rowHead,
  to: v.optional(v.nullable(v.union([address, v.literal('')]))),
  value: uint,
  /** "1" when the transaction reverted (Etherscan and Blockscout). */
  isError: v.optional(v.picklist(['0', '1'])),
  /** "1" success, "0" failure, "" before receipts had a status (Byzantium). */
  txreceipt_status: v.optional(v.nullable(v.picklist(['', '0', '1']))),
  /** The created contract of a deployment, else "". */
  contractAddress: v.optional(v.nullable(v.union([address, v.literal('')])))
})

/**
 * A `tokentx` row: an ERC-20 `Transfer` to or from the account. `tokenName`/`tokenSymbol` may be
 * null and `tokenDecimal` empty (Blockscout, for tokens it could not read); `logIndex` is
 * Blockscout's only. A row with a `tokenID` is an NFT's (older Blockscout lists them here too).
 */
const TokentxRowSchema = v.object({
  ...rowHead,
  to: address,
  contractAddress: address,
  value: uint,
  tokenName: v.optional(v.nullable(v.string())),
  tokenSymbol: v.optional(v.nullable(v.string())),
  tokenDecimal: v.optional(v.nullable(v.string())),
  logIndex: v.optional(v.nullable(v.union([count, v.literal('')]))),
  tokenID: v.optional(v.unknown())
})

/** What the feed takes of every row: the transaction it belongs to and where that stands. */
export interface ExplorerRowBase {
  hash: string
  blockNumber: number
  txIndex: number
  /** Block time, unix seconds. */
  minedAt: number
  nonce: number
}

/** What the feed takes of a `txlist` row. */
export interface ExplorerTransaction extends ExplorerRowBase {
  /** Lower-case. */
  from: string
  /** Lower-case recipient, or the created contract; null when neither is given. */
  to: string | null
  /** Wei. */
  value: bigint
  failed: boolean
}

/** What the feed takes of a `tokentx` row. */
export interface ExplorerTokenTransfer extends ExplorerRowBase {
  /** Lower-case token sender and recipient. */
  from: string
  to: string
  /** Lower-case token contract. */
  token: string
  /** Token base units. */
  amount: bigint
  /** As the explorer names the token: cleaned and bounded like a contract's own answer; unknown fields as `UNKNOWN_TOKEN`. */
  symbol: string
  name: string
  decimals: number
  /** Position in the block, when the explorer says (Blockscout). */
  logIndex?: number
}

/** The {@link ExplorerRowBase} of a parsed row. */
const baseOf = (row: { hash: string; blockNumber: number; transactionIndex: number; timeStamp: number; nonce: number }): ExplorerRowBase => ({
  hash: row.hash,
  blockNumber: row.blockNumber,
  txIndex: row.transactionIndex,
  minedAt: row.timeStamp,
  nonce: row.nonce
})

/**
 * Reads a `txlist` row; undefined when it is malformed (the caller skips it).
 *
 * @param raw - One element of `result`.
 * @example
 * readExplorerTransaction({ blockNumber: '12', timeStamp: '1712345678', hash: '0x…', nonce: '3', transactionIndex: '0', from: '0x…', to: '0x…', value: '1000', isError: '0', txreceipt_status: '1' })
 */
export function readExplorerTransaction(raw: unknown): ExplorerTransaction | undefined {
  const parsed = v.safeParse(TxlistRowSchema, raw)
  if (!parsed.success) return undefined
  const row = parsed.output
  return {
    ...baseOf(row),
    from: row.from,
    to: row.to || row.contractAddress || null,
    value: BigInt(row.value),
    failed: row.isError === '1' || row.txreceipt_status === '0'
  }
}

/**
 * Reads an ERC-20 `tokentx` row; undefined when it is malformed or not an ERC-20 transfer (the
 * caller skips it).
 *
 * @param raw - One element of `result`.
 */
export function readExplorerTokenTransfer(raw: unknown): ExplorerTokenTransfer | undefined {
  const parsed = v.safeParse(TokentxRowSchema, raw)
  if (!parsed.success) return undefined
  const row = parsed.output
  if (row.tokenID !== undefined && row.tokenID !== null && row.tokenID !== '') return undefined
  const decimals = row.tokenDecimal && /^\d{1,2}$/.test(row.tokenDecimal) && Number(row.tokenDecimal) <= 77 ? Number(row.tokenDecimal) : UNKNOWN_TOKEN.decimals
  return {
    ...baseOf(row),
    from: row.from,
    to: row.to,
    token: row.contractAddress,
    amount: BigInt(row.value),
    symbol: cleanTokenLabel(row.tokenSymbol ?? undefined, 20) ?? UNKNOWN_TOKEN.symbol,
    name: cleanTokenLabel(row.tokenName ?? undefined, 100) ?? UNKNOWN_TOKEN.name,
    decimals,
    ...(typeof row.logIndex === 'number' ? { logIndex: row.logIndex } : {})
  }
}

/**
 * The block number and time of a row as far as they can be read, even when the rest of it is
 * malformed: where a list's page ends, which the caller must know to page on.
 *
 * @param raw - One element of `result`.
 */
export function rowPlace(raw: unknown): { blockNumber: number; minedAt?: number } | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined
  const { blockNumber, timeStamp } = raw as Record<string, unknown>
  const block = v.safeParse(count, blockNumber)
  if (!block.success) return undefined
  const time = v.safeParse(count, timeStamp)
  return { blockNumber: block.output, ...(time.success ? { minedAt: time.output } : {}) }
}

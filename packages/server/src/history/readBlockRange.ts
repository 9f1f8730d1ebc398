import { numberToHex } from 'viem'
import type { ChainRpc } from './ChainRpc.js'

/** A transaction of an indexed block: the fields the activity feed needs. */
export interface BlockTransaction {
  hash: string
  /** Position in the block. */
  index: number
  /** Lower-case sender. */
  from: string
  /** Lower-case recipient; null for a contract creation. */
  to: string | null
  /** Native value in wei. */
  value: bigint
  nonce: number
}

/** A log of a receipt. */
export interface ReceiptLog {
  /** Lower-case address of the contract that emitted it. */
  address: string
  topics: string[]
  data: string
  /** Position in the block. */
  logIndex: number
}

/** The outcome of a transaction. */
export interface TransactionReceipt {
  transactionHash: string
  /** Whether it succeeded (receipts from before status codes existed count as success). */
  success: boolean
  /** Lower-case address of the contract it created, if any. */
  contractAddress: string | null
  logs: ReceiptLog[]
}

/** A block with its transactions and their receipts, in the same order. */
export interface IndexedBlock {
  number: number
  hash: string
  parentHash: string
  /** Unix seconds. */
  timestamp: number
  transactions: BlockTransaction[]
  receipts: TransactionReceipt[]
}

/** How receipts are read from one node; `eth_getBlockReceipts` is switched off once it fails. */
export interface ReceiptSource {
  /** Whether to try `eth_getBlockReceipts` (one call per block) before per-transaction calls. */
  perBlock: boolean
}

/**
 * Reads blocks `from`..`to` (inclusive) with their transactions and receipts: one batch of
 * `eth_getBlockByNumber` (full transactions), then one of `eth_getBlockReceipts` for the blocks
 * that have transactions. A node without that method (any entry answered with an error) gets
 * `eth_getTransactionReceipt` per transaction instead, now and from then on (`source.perBlock`
 * becomes false).
 *
 * Resolves to undefined when the node's answers do not fit together (a block or receipt is
 * missing, or receipts belong to another block): the chain changed while it was read, and the
 * caller should look again on its next round. Malformed answers reject.
 *
 * @param rpc - The chain's node.
 * @param from - First block number.
 * @param to - Last block number (at least `from`).
 * @param source - Receipt method state, shared across calls for one node.
 */
export async function readBlockRange(rpc: ChainRpc, from: number, to: number, source: ReceiptSource): Promise<IndexedBlock[] | undefined> {
  const numbers = Array.from({ length: to - from + 1 }, (_, i) => from + i)
  const blockAnswers = await rpc.batch(numbers.map(n => ['eth_getBlockByNumber', [numberToHex(n), true]] as const))
  const blocks: IndexedBlock[] = []
  for (const [i, answer] of blockAnswers.entries()) {
    if (answer.error) throw new Error(`eth_getBlockByNumber failed: ${answer.error.message}`)
    if (answer.result === null) return undefined
    const block = parseBlock(answer.result)
    if (block.number !== numbers[i]) throw new Error(`eth_getBlockByNumber(${numbers[i]}) answered block ${block.number}`)
    blocks.push(block)
  }

  const busy = blocks.filter(block => block.transactions.length > 0)
  if (source.perBlock && busy.length > 0) {
    const answers = await rpc.batch(busy.map(block => ['eth_getBlockReceipts', [numberToHex(block.number)]] as const))
    if (answers.some(answer => answer.error)) {
      source.perBlock = false
    } else {
      if (answers.some(answer => !Array.isArray(answer.result))) return undefined
      busy.forEach((block, i) => (block.receipts = (answers[i]!.result as unknown[]).map(parseReceipt)))
    }
  }
  if (!source.perBlock && busy.length > 0) {
    const hashes = busy.flatMap(block => block.transactions.map(tx => tx.hash))
    const answers = await rpc.batch(hashes.map(hash => ['eth_getTransactionReceipt', [hash]] as const))
    const receipts = new Map<string, TransactionReceipt>()
    for (const answer of answers) {
      if (answer.error) throw new Error(`eth_getTransactionReceipt failed: ${answer.error.message}`)
      if (answer.result === null) return undefined
      const receipt = parseReceipt(answer.result)
      receipts.set(receipt.transactionHash, receipt)
    }
    for (const block of busy) block.receipts = block.transactions.map(tx => receipts.get(tx.hash)).filter(r => r !== undefined)
  }

  for (const block of busy) {
    // Receipts of another block (the chain moved between the two batches) do not line up.
    if (block.receipts.length !== block.transactions.length) return undefined
    if (block.receipts.some((receipt, i) => receipt.transactionHash !== block.transactions[i]!.hash)) return undefined
  }
  return blocks
}

const HASH = /^0x[0-9a-f]{64}$/
const ADDRESS = /^0x[0-9a-f]{40}$/
const QUANTITY = /^0x[0-9a-f]{1,64}$/
const DATA = /^0x([0-9a-f]{2})*$/

function field(object: unknown, name: string): unknown {
  return typeof object === 'object' && object !== null ? (object as Record<string, unknown>)[name] : undefined
}

function matching(value: unknown, pattern: RegExp, what: string): string {
  // Nodes write hex in either case; the index keeps lower case.
  const text = typeof value === 'string' ? value.toLowerCase() : undefined
  if (text === undefined || !pattern.test(text)) throw new Error(`Upstream RPC answered a malformed ${what}`)
  return text
}

function bigQuantity(value: unknown, what: string): bigint {
  return BigInt(matching(value, QUANTITY, what))
}

function smallQuantity(value: unknown, what: string): number {
  const n = bigQuantity(value, what)
  if (n > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error(`Upstream RPC answered an out-of-range ${what}`)
  return Number(n)
}

function optionalAddress(value: unknown, what: string): string | null {
  return value === null || value === undefined ? null : matching(value, ADDRESS, what)
}

function parseBlock(raw: unknown): IndexedBlock {
  const transactions = field(raw, 'transactions')
  if (!Array.isArray(transactions)) throw new Error('Upstream RPC answered a block without transactions')
  return {
    number: smallQuantity(field(raw, 'number'), 'block number'),
    hash: matching(field(raw, 'hash'), HASH, 'block hash'),
    parentHash: matching(field(raw, 'parentHash'), HASH, 'parent hash'),
    timestamp: smallQuantity(field(raw, 'timestamp'), 'block timestamp'),
    transactions: transactions.map(parseTransaction),
    receipts: []
  }
}

function parseTransaction(raw: unknown): BlockTransaction {
  return {
    hash: matching(field(raw, 'hash'), HASH, 'transaction hash'),
    index: smallQuantity(field(raw, 'transactionIndex'), 'transaction index'),
    from: matching(field(raw, 'from'), ADDRESS, 'transaction sender'),
    to: optionalAddress(field(raw, 'to'), 'transaction recipient'),
    value: bigQuantity(field(raw, 'value'), 'transaction value'),
    nonce: smallQuantity(field(raw, 'nonce'), 'transaction nonce')
  }
}

function parseReceipt(raw: unknown): TransactionReceipt {
  const status = field(raw, 'status')
  const logs = field(raw, 'logs')
  if (!Array.isArray(logs)) throw new Error('Upstream RPC answered a receipt without logs')
  return {
    transactionHash: matching(field(raw, 'transactionHash'), HASH, 'receipt transaction hash'),
    success: status === undefined || status === null || bigQuantity(status, 'receipt status') === 1n,
    contractAddress: optionalAddress(field(raw, 'contractAddress'), 'contract address'),
    logs: logs
      // Logs of a dropped block are flagged rather than left out by some nodes.
      .filter(log => field(log, 'removed') !== true)
      .map(log => {
        const topics = field(log, 'topics')
        if (!Array.isArray(topics)) throw new Error('Upstream RPC answered a log without topics')
        return {
          address: matching(field(log, 'address'), ADDRESS, 'log address'),
          topics: topics.map(topic => matching(topic, HASH, 'log topic')),
          data: matching(field(log, 'data'), DATA, 'log data'),
          logIndex: smallQuantity(field(log, 'logIndex'), 'log index')
        }
      })
  }
}

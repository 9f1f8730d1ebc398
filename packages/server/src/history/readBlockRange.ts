import {
  BaseError,
  BlockNotFoundError,
  TransactionReceiptNotFoundError,
  type Block,
  type PublicClient,
  type Transaction,
  type TransactionReceipt as ViemReceipt
} from 'viem'
import { isNodeRefusal } from '../chain/upstreamFailure.js'

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
  /**
   * Native value moved by contracts inside the transaction (a swap paying out the coin): read from
   * the node's call trace, only for transactions that unwrapped the wrapped coin (see
   * {@link WITHDRAWAL_TOPIC}); absent otherwise.
   */
  internalTransfers?: InternalTransfer[]
}

/** Native value one contract sent to an address inside a transaction. */
export interface InternalTransfer {
  /** Lower-case sending contract. */
  from: string
  /** Lower-case recipient. */
  to: string
  /** Wei. */
  value: bigint
}

/**
 * topic0 of WETH9's `Withdrawal(address,uint256)`: a contract turned wrapped coin back into the
 * coin, which it then pays out with an internal call that no log records. Swaps into the native
 * coin (Uniswap, 1inch) end that way, so those transactions, and only those, have their call
 * trace read: tracing every transaction would cost a node call per transaction.
 */
export const WITHDRAWAL_TOPIC = '0x7fcf532c15f0a6db0bd6d0e038bea71d30d808c7d98cb3bf7268a95bf5081b65'

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
  /**
   * Whether the node answers `debug_traceTransaction` with geth's `callTracer` (anvil, geth and
   * most providers do; switched off once a node refuses, and internal transfers are then not listed).
   */
  traces?: boolean
}

/**
 * Reads blocks `from`..`to` (inclusive) with their transactions and receipts through viem, each
 * step one JSON-RPC batch: `getBlock` (full transactions) of every block, then
 * `getBlockReceipts` of the blocks that have transactions. A node without that method (any call
 * refused) gets `getTransactionReceipt` per transaction instead, now and from then on
 * (`source.perBlock` becomes false).
 *
 * Resolves to undefined when the node's answers do not fit together (a block or receipt is
 * missing, or receipts belong to another block): the chain changed while it was read, and the
 * caller should look again on its next round. Malformed answers and unreachable nodes reject.
 *
 * @param client - The chain's node (see `createChainClient`).
 * @param from - First block number.
 * @param to - Last block number (at least `from`).
 * @param source - Receipt method state, shared across calls for one node.
 */
export async function readBlockRange(client: PublicClient, from: number, to: number, source: ReceiptSource): Promise<IndexedBlock[] | undefined> {
  const numbers = Array.from({ length: to - from + 1 }, (_, i) => from + i)
  const read = await Promise.all(numbers.map(n => client.getBlock({ blockNumber: BigInt(n), includeTransactions: true }).catch(orMissing(BlockNotFoundError))))
  const blocks: IndexedBlock[] = []
  for (const [i, raw] of read.entries()) {
    if (raw === undefined) return undefined
    const block = toIndexedBlock(raw)
    if (block.number !== numbers[i]) throw new Error(`eth_getBlockByNumber(${numbers[i]}) answered block ${block.number}`)
    blocks.push(block)
  }

  const busy = blocks.filter(block => block.transactions.length > 0)
  if (source.perBlock && busy.length > 0) {
    const answers = await Promise.allSettled(busy.map(block => client.getBlockReceipts({ blockNumber: BigInt(block.number) })))
    const failures = answers.flatMap(answer => (answer.status === 'rejected' ? [answer.reason as unknown] : []))
    if (failures.some(isNodeRefusal)) {
      source.perBlock = false
    } else {
      const unexpected = failures.find(failure => !(failure instanceof BlockNotFoundError))
      if (unexpected !== undefined) throw unexpected
      if (failures.length > 0) return undefined
      busy.forEach((block, i) => (block.receipts = (answers[i] as PromiseFulfilledResult<ViemReceipt[]>).value.map(toReceipt)))
    }
  }
  if (!source.perBlock && busy.length > 0) {
    const hashes = busy.flatMap(block => block.transactions.map(tx => tx.hash as `0x${string}`))
    const read = await Promise.all(hashes.map(hash => client.getTransactionReceipt({ hash }).catch(orMissing(TransactionReceiptNotFoundError))))
    if (read.some(receipt => receipt === undefined)) return undefined
    const receipts = new Map(read.map(raw => toReceipt(raw!)).map(receipt => [receipt.transactionHash, receipt]))
    for (const block of busy) block.receipts = block.transactions.map(tx => receipts.get(tx.hash)).filter(r => r !== undefined)
  }

  for (const block of busy) {
    // Receipts of another block (the chain moved between the two batches) do not line up.
    if (block.receipts.length !== block.transactions.length) return undefined
    if (block.receipts.some((receipt, i) => receipt.transactionHash !== block.transactions[i]!.hash)) return undefined
  }
  await readInternalTransfers(client, busy, source)
  return blocks
}

/** A frame of geth's `callTracer` output, as far as internal transfers need it. */
interface CallFrame {
  type?: string
  from?: string
  to?: string
  value?: string
  calls?: CallFrame[]
}

/**
 * Reads the internal native transfers of the successful transactions that emitted a
 * {@link WITHDRAWAL_TOPIC} log, from the node's call trace. A node that refuses traces is not
 * asked again (`source.traces` becomes false).
 */
async function readInternalTransfers(client: PublicClient, blocks: IndexedBlock[], source: ReceiptSource): Promise<void> {
  if (source.traces === false) return
  const unwrapping = blocks.flatMap(block => block.receipts.filter(r => r.success && r.logs.some(log => log.topics[0] === WITHDRAWAL_TOPIC)))
  for (const receipt of unwrapping) {
    let trace: CallFrame
    try {
      trace = (await client.request({
        method: 'debug_traceTransaction' as never,
        params: [receipt.transactionHash, { tracer: 'callTracer' }] as never
      })) as CallFrame
    } catch (error) {
      if (!isNodeRefusal(error)) throw error
      source.traces = false
      return
    }
    receipt.internalTransfers = internalTransfers(trace)
  }
}

/** The value-carrying calls below the top frame of a call trace, in execution order. */
export function internalTransfers(top: CallFrame): InternalTransfer[] {
  const found: InternalTransfer[] = []
  const walk = (frame: CallFrame, depth: number) => {
    // DELEGATECALL and STATICCALL move no value of their own; a reverted frame carries an error and its calls are gone too.
    if ((frame as { error?: unknown }).error !== undefined) return
    if (depth > 0 && (frame.type === 'CALL' || frame.type === 'CREATE' || frame.type === 'CREATE2') && frame.value && BigInt(frame.value) > 0n) {
      found.push({ from: matching(frame.from, ADDRESS, 'trace sender'), to: matching(frame.to, ADDRESS, 'trace recipient'), value: BigInt(frame.value) })
    }
    for (const call of frame.calls ?? []) walk(call, depth + 1)
  }
  walk(top, 0)
  return found
}

// A catch handler: the node answered null (viem throws `kind`), which means the chain moved.
function orMissing(kind: typeof BlockNotFoundError | typeof TransactionReceiptNotFoundError): (error: unknown) => undefined {
  return error => {
    if (error instanceof BaseError && error.walk(cause => cause instanceof kind)) return undefined
    throw error
  }
}

// viem parses the numbers; the strings it passes on as the node wrote them are checked here.
const HASH = /^0x[0-9a-f]{64}$/
const ADDRESS = /^0x[0-9a-f]{40}$/
const DATA = /^0x([0-9a-f]{2})*$/

function matching(value: unknown, pattern: RegExp, what: string): string {
  // Nodes write hex in either case; the index keeps lower case.
  const text = typeof value === 'string' ? value.toLowerCase() : undefined
  if (text === undefined || !pattern.test(text)) throw new Error(`Upstream RPC answered a malformed ${what}`)
  return text
}

function safeNumber(value: unknown, what: string): number {
  const n = typeof value === 'bigint' ? Number(value) : value
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) throw new Error(`Upstream RPC answered an out-of-range ${what}`)
  return n
}

function optionalAddress(value: unknown, what: string): string | null {
  return value === null || value === undefined ? null : matching(value, ADDRESS, what)
}

function toIndexedBlock(raw: Block<bigint, true>): IndexedBlock {
  if (!Array.isArray(raw.transactions)) throw new Error('Upstream RPC answered a block without transactions')
  return {
    number: safeNumber(raw.number, 'block number'),
    hash: matching(raw.hash, HASH, 'block hash'),
    parentHash: matching(raw.parentHash, HASH, 'parent hash'),
    timestamp: safeNumber(raw.timestamp, 'block timestamp'),
    transactions: raw.transactions.map(toBlockTransaction),
    receipts: []
  }
}

function toBlockTransaction(raw: Transaction): BlockTransaction {
  if (typeof raw.value !== 'bigint') throw new Error('Upstream RPC answered a malformed transaction value')
  return {
    hash: matching(raw.hash, HASH, 'transaction hash'),
    index: safeNumber(raw.transactionIndex, 'transaction index'),
    from: matching(raw.from, ADDRESS, 'transaction sender'),
    to: optionalAddress(raw.to, 'transaction recipient'),
    value: raw.value,
    nonce: safeNumber(raw.nonce, 'transaction nonce')
  }
}

function toReceipt(raw: ViemReceipt): TransactionReceipt {
  if (!Array.isArray(raw.logs)) throw new Error('Upstream RPC answered a receipt without logs')
  return {
    transactionHash: matching(raw.transactionHash, HASH, 'receipt transaction hash'),
    // viem reads status 0x1 as 'success', 0x0 as 'reverted'; receipts from before status codes
    // existed have none and count as success.
    success: raw.status !== 'reverted',
    contractAddress: optionalAddress(raw.contractAddress, 'contract address'),
    logs: raw.logs
      // Logs of a dropped block are flagged rather than left out by some nodes.
      .filter(log => log.removed !== true)
      .map(log => {
        if (!Array.isArray(log.topics)) throw new Error('Upstream RPC answered a log without topics')
        return {
          address: matching(log.address, ADDRESS, 'log address'),
          topics: log.topics.map(topic => matching(topic, HASH, 'log topic')),
          data: matching(log.data, DATA, 'log data'),
          logIndex: safeNumber(log.logIndex, 'log index')
        }
      })
  }
}

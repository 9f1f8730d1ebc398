import type { IndexedBlock } from './readBlockRange.js'
import { isPoisoningTransfer } from './spamRules.js'

/** topic0 of `Transfer(address,address,uint256)` (ERC20 and ERC721 share it). */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'

/** `log_index` of the row that stands for the transaction itself (and its native value). */
export const NATIVE_LOG_INDEX = -1

/**
 * `log_index` of a transaction's first internal native transfer (the next ones count up): after
 * every log index a block can hold, so a transaction's rows keep their order (transaction row,
 * token transfers, internal transfers).
 */
export const INTERNAL_TRANSFER_LOG_INDEX = 2 ** 30

/** What the indexer stores of one transaction or one token transfer (a `chain_activity` row). */
export interface ActivityRow {
  /** CAIP-2 id. */
  chainId: string
  blockNumber: number
  txIndex: number
  /**
   * {@link NATIVE_LOG_INDEX} for the transaction row, the Transfer log's index for a token
   * transfer, {@link INTERNAL_TRANSFER_LOG_INDEX} and up for an internal native transfer.
   */
  logIndex: number
  txHash: string
  /** Block time, unix seconds. */
  minedAt: number
  nonce: number
  /** Lower-case; on the transaction row its sender, on a transfer row the token sender. */
  from: string
  /** Lower-case; the created contract for a deployment; null if there is none. */
  to: string | null
  /** Lower-case token contract; null for the native coin. */
  tokenAddress: string | null
  /** Base units: wei on the transaction row, token units on a transfer row. */
  amount: bigint
  status: 'confirmed' | 'failed'
}

/**
 * The activity rows of a block: one per transaction (sender, recipient, native value, status;
 * also when nothing moved, so failed transactions and plain calls are listed) and one per ERC20
 * `Transfer` log of a successful transaction, and one per internal native transfer the reader
 * found (a swap paying out the coin). ERC721 transfers share the event but index the
 * token id as a third topic and carry no data; they are left out by requiring exactly three
 * topics and a 32-byte amount.
 *
 * A zero-amount token transfer whose token sender did not send the transaction is left out too:
 * `transferFrom(victim, lookalike, 0)` needs no allowance, so anyone can make one, and listed it
 * would read "Sent 0 USDT to 0xlookalike" in the victim's Activity, planting an address to copy
 * (address poisoning). It moved nothing, so nobody's Activity loses anything real. (The rule is
 * `isPoisoningTransfer` of `spamRules.ts`, which explorer API rows go through too.)
 *
 * @param chainId - CAIP-2 id of the chain.
 * @param block - A block with its receipts.
 */
export function extractActivity(chainId: string, block: IndexedBlock): ActivityRow[] {
  const rows: ActivityRow[] = []
  block.transactions.forEach((tx, i) => {
    const receipt = block.receipts[i]
    const status = receipt?.success === false ? 'failed' : 'confirmed'
    const common = { chainId, blockNumber: block.number, txIndex: tx.index, txHash: tx.hash, minedAt: block.timestamp, nonce: tx.nonce, status } as const
    rows.push({ ...common, logIndex: NATIVE_LOG_INDEX, from: tx.from, to: tx.to ?? receipt?.contractAddress ?? null, tokenAddress: null, amount: tx.value })
    // A reverted transaction emitted nothing that stands.
    if (!receipt || status === 'failed') return
    for (const log of receipt.logs) {
      if (log.topics.length !== 3 || log.topics[0] !== TRANSFER_TOPIC || log.data.length !== 66) continue
      const row: ActivityRow = {
        ...common,
        logIndex: log.logIndex,
        from: topicAddress(log.topics[1]!),
        to: topicAddress(log.topics[2]!),
        tokenAddress: log.address,
        amount: BigInt(log.data)
      }
      if (!isPoisoningTransfer(row, tx.from)) rows.push(row)
    }
    receipt.internalTransfers?.forEach((transfer, k) => {
      rows.push({ ...common, logIndex: INTERNAL_TRANSFER_LOG_INDEX + k, from: transfer.from, to: transfer.to, tokenAddress: null, amount: transfer.value })
    })
  })
  return rows
}

/** The address in an indexed `address` topic (its low 20 bytes). */
function topicAddress(topic: string): string {
  return `0x${topic.slice(26)}`
}

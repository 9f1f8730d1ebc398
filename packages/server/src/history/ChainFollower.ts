import { numberToHex } from 'viem'
import type { ChainConfig } from '../config/ServerConfig.js'
import type { ActivityTable, IndexerProgress, StoredActivity } from './ActivityTable.js'
import type { ChainRpc } from './ChainRpc.js'
import { extractActivity } from './extractActivity.js'
import { readBlockRange, type ReceiptSource } from './readBlockRange.js'
import { TokenInfoCache, UNKNOWN_TOKEN } from './TokenInfoCache.js'

/**
 * Indexes one eip155 chain, a step at a time: each {@link run} checks that the chain still holds
 * the last stored block, then stores the next blocks (at most `batchBlocks`). A chain that was
 * restarted from genesis (a devnet: same numbers, other hashes, or a head below the stored block)
 * has its rows dropped and is indexed again from its start block (`historyFromBlock`, default 0).
 */
export class ChainFollower {
  /** CAIP-2 id. */
  readonly chainId: string
  /** undefined until read from the database; null when nothing is stored. */
  private progress: IndexerProgress | null | undefined
  private failing = false
  private readonly receipts: ReceiptSource = { perBlock: true }
  private readonly tokens: TokenInfoCache

  /**
   * @param chain - The chain (eip155).
   * @param table - Where rows go.
   * @param rpc - The chain's node.
   * @param batchBlocks - Most blocks per step.
   * @param log - Where warnings go (one per failure streak).
   * @param signal - Aborted when indexing stops; failures after that are not reported.
   */
  constructor(
    private readonly chain: ChainConfig,
    private readonly table: ActivityTable,
    private readonly rpc: ChainRpc,
    private readonly batchBlocks: number,
    private readonly log: (line: string) => void,
    private readonly signal: AbortSignal
  ) {
    this.chainId = chain.caipNetworkId
    this.tokens = new TokenInfoCache(chain)
  }

  /** The last block stored, or undefined when none is (or it is not known yet). */
  get indexedTo(): number | undefined {
    return this.progress?.blockNumber
  }

  /**
   * One step. Never rejects: a failure is logged once per streak (and its recovery once) and the
   * step is tried again on the next run.
   *
   * @returns Whether the chain has more blocks to index right away.
   */
  async run(): Promise<boolean> {
    try {
      const behind = await this.step()
      if (this.failing) {
        this.failing = false
        this.log(`${this.chainId}: indexing again`)
      }
      return behind
    } catch (error) {
      if (!this.signal.aborted && !this.failing) {
        this.failing = true
        this.log(`${this.chainId}: ${error instanceof Error ? error.message : String(error)}; retrying`)
      }
      return false
    }
  }

  private async step(): Promise<boolean> {
    this.progress ??= await this.table.progress(this.chainId)
    const stored = this.progress
    const [headAnswer, storedAnswer] = await this.rpc.batch([
      ['eth_blockNumber', []],
      ...(stored ? [['eth_getBlockByNumber', [numberToHex(stored.blockNumber), false]] as const] : [])
    ])
    const head = headAnswer && !headAnswer.error && typeof headAnswer.result === 'string' && /^0x[0-9a-fA-F]{1,13}$/.test(headAnswer.result) ? Number(headAnswer.result) : undefined
    if (head === undefined) throw new Error(`eth_blockNumber failed: ${headAnswer?.error?.message ?? 'not a block number'}`)
    const start = this.chain.historyFromBlock === 'latest' ? head : (this.chain.historyFromBlock ?? 0)
    if (stored) {
      if (storedAnswer?.error) throw new Error(`eth_getBlockByNumber failed: ${storedAnswer.error.message}`)
      const hash = (storedAnswer?.result as { hash?: unknown } | null | undefined)?.hash
      if (head < stored.blockNumber || typeof hash !== 'string' || hash.toLowerCase() !== stored.blockHash) {
        await this.table.reset(this.chainId)
        this.tokens.clear()
        this.progress = null
        this.log(`${this.chainId}: block ${stored.blockNumber} is gone or changed (the chain was restarted); indexing again from block ${start}`)
      }
    }

    const from = this.progress ? this.progress.blockNumber + 1 : start
    if (from > head) return false
    const to = Math.min(head, from + this.batchBlocks - 1)
    const blocks = await readBlockRange(this.rpc, from, to, this.receipts)
    if (!blocks) return true
    // Blocks that do not chain onto each other mean the node changed under us: look again.
    let parent = this.progress?.blockHash
    for (const block of blocks) {
      if (parent !== undefined && block.parentHash !== parent) return true
      parent = block.hash
    }

    const rows = blocks.flatMap(block => extractActivity(this.chainId, block))
    await this.tokens.resolve(this.rpc, rows.flatMap(row => (row.tokenAddress ? [row.tokenAddress] : [])))
    const { symbol, name, decimals } = this.chain.nativeCurrency
    const complete = rows.map((row): StoredActivity => {
      const info = row.tokenAddress ? (this.tokens.get(row.tokenAddress) ?? UNKNOWN_TOKEN) : { symbol, name, decimals }
      return { ...row, symbol: info.symbol, name: info.name, decimals: info.decimals }
    })
    const last = blocks.at(-1)!
    const progress = { blockNumber: last.number, blockHash: last.hash }
    await this.table.append(this.chainId, complete, progress)
    this.progress = progress
    return to < head
  }
}

import { BaseError, BlockNotFoundError, type PublicClient } from 'viem'
import { upstreamFailure } from '../chain/upstreamFailure.js'
import type { ChainConfig } from '../config/ServerConfig.js'
import type { ActivityTable, IndexerProgress, StoredActivity } from './ActivityTable.js'
import { extractActivity } from './extractActivity.js'
import { readBlockRange, type ReceiptSource } from './readBlockRange.js'
import { TokenInfoCache, UNKNOWN_TOKEN } from './TokenInfoCache.js'

/**
 * Indexes one eip155 chain, a step at a time: each {@link run} checks that the chain still holds
 * the last stored block, then stores the next blocks (at most `batchBlocks`). A chain that was
 * restarted from genesis (a devnet: same numbers, other hashes, or a head below the stored block)
 * has its rows dropped and is indexed again from its start block (`historyFromBlock`; by default
 * 0 on a devnet on this machine and the head elsewhere, see {@link defaultHistoryStart}).
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
   * @param client - The chain's node (see `createChainClient`).
   * @param timeoutMs - The time each of its requests gets, for the warnings.
   * @param batchBlocks - Most blocks per step.
   * @param log - Where warnings go (one per failure streak).
   * @param signal - Aborted when indexing stops; failures after that are not reported.
   */
  constructor(
    private readonly chain: ChainConfig,
    private readonly table: ActivityTable,
    private readonly client: PublicClient,
    private readonly timeoutMs: number,
    private readonly batchBlocks: number,
    private readonly log: (line: string) => void,
    private readonly signal: AbortSignal
  ) {
    this.chainId = chain.caipNetworkId
    this.tokens = new TokenInfoCache(chain)
  }

  /** Where `historyFromBlock: 'latest'` starts: the block after the head at the first step. */
  private latestStart: number | undefined

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
        // viem's messages span lines (URL, request body): say it in one.
        const reason = error instanceof BaseError ? upstreamFailure(error, this.timeoutMs).reason : error instanceof Error ? error.message : String(error)
        this.log(`${this.chainId}: ${reason}; retrying`)
      }
      return false
    }
  }

  private async step(): Promise<boolean> {
    this.progress ??= await this.table.progress(this.chainId)
    const stored = this.progress
    // One batch: the head, and the stored block as the node has it now (null when it has none).
    const [headNumber, storedBlock] = await Promise.all([
      this.client.getBlockNumber(),
      stored
        ? this.client.getBlock({ blockNumber: BigInt(stored.blockNumber) }).catch(error => {
            if (error instanceof BlockNotFoundError) return null
            throw error
          })
        : undefined
    ])
    if (headNumber > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error('eth_blockNumber failed: not a block number')
    const head = Number(headNumber)
    const startAt = this.chain.historyFromBlock ?? defaultHistoryStart(this.chain.rpcUrl)
    // 'latest': what comes after the head this process first saw, fixed then (a later step must not
    // move the start past blocks that arrived in between).
    if (startAt === 'latest') this.latestStart ??= head + 1
    const start = startAt === 'latest' ? this.latestStart! : startAt
    if (stored) {
      const hash = storedBlock?.hash
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
    const blocks = await readBlockRange(this.client, from, to, this.receipts)
    if (!blocks) return true
    // Blocks that do not chain onto each other mean the node changed under us: look again.
    let parent = this.progress?.blockHash
    for (const block of blocks) {
      if (parent !== undefined && block.parentHash !== parent) return true
      parent = block.hash
    }

    const rows = blocks.flatMap(block => extractActivity(this.chainId, block))
    await this.tokens.resolve(
      this.client,
      rows.flatMap(row => (row.tokenAddress ? [row.tokenAddress] : []))
    )
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

/**
 * Where indexing starts on a chain whose `historyFromBlock` is not set: block 0 on a devnet (a
 * node on this machine, whose whole history is short and is what a developer wants to see), the
 * head anywhere else (a public chain would take days to read from genesis).
 *
 * @param rpcUrl - The chain's node.
 */
export function defaultHistoryStart(rpcUrl: string): 0 | 'latest' {
  const host = new URL(rpcUrl).hostname
  return host === 'localhost' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host) ? 0 : 'latest'
}

import { createChainClient } from '../chain/createChainClient.js'
import type { ChainConfig } from '../config/ServerConfig.js'
import type { Store } from '../db/Store.js'
import { ActivityTable } from './ActivityTable.js'
import { ChainFollower } from './ChainFollower.js'

/** Default time between polls of each chain's head, in ms. */
export const DEFAULT_HISTORY_POLL_MS = 1000

/** Default most blocks read per chain and poll while catching up. */
export const DEFAULT_HISTORY_BATCH_BLOCKS = 50

/** Options of {@link ChainIndexer}. */
export interface ChainIndexerOptions {
  /** Where the activity goes (migrated). */
  store: Store
  /** The configured chains; only eip155 ones are followed. */
  chains: readonly ChainConfig[]
  /** Time each upstream request gets. */
  timeoutMs: number
  /** Time between polls when every chain is caught up (default {@link DEFAULT_HISTORY_POLL_MS}). */
  pollMs?: number
  /** Most blocks per chain and poll (default {@link DEFAULT_HISTORY_BATCH_BLOCKS}). */
  batchBlocks?: number
  /** Where warnings go (default: console.warn with a prefix). */
  log?: (line: string) => void
}

/**
 * Follows every configured eip155 chain and stores what the activity feed lists
 * (`chain_activity`): each transaction and each ERC20 transfer, as blocks come.
 *
 * Polls each chain's head every `pollMs`; while a chain is behind, the next poll follows at once,
 * so a long chain is caught up `batchBlocks` blocks at a time without holding anything else up.
 * Chains are handled side by side and independently: one that fails (node down, timeout) logs one
 * line per failure streak and is tried again on the next poll.
 */
export class ChainIndexer {
  private readonly followers: ChainFollower[]
  private readonly abort = new AbortController()
  private readonly pollMs: number
  private timer: NodeJS.Timeout | undefined
  private running: Promise<boolean> | undefined
  private started = false
  private stopped = false

  /** @param options - See {@link ChainIndexerOptions}. */
  constructor(options: ChainIndexerOptions) {
    this.pollMs = options.pollMs ?? DEFAULT_HISTORY_POLL_MS
    const table = new ActivityTable(options.store)
    const log = options.log ?? ((line: string) => console.warn(`wallet-modal-server: history: ${line}`))
    this.followers = options.chains
      .filter(chain => chain.caipNetworkId.startsWith('eip155:'))
      .map(
        chain =>
          new ChainFollower(
            chain,
            table,
            createChainClient(chain.rpcUrl, options.timeoutMs, this.abort.signal),
            options.timeoutMs,
            options.batchBlocks ?? DEFAULT_HISTORY_BATCH_BLOCKS,
            log,
            this.abort.signal
          )
      )
  }

  /** Starts polling (the first poll at once). Does nothing when already started or stopped. */
  start(): void {
    if (this.started || this.stopped) return
    this.started = true
    this.schedule(0)
  }

  /**
   * Stops polling, cancels upstream requests in flight and resolves once the current poll has
   * finished (so the database can be closed after). Safe to call more than once.
   */
  async stop(): Promise<void> {
    this.stopped = true
    clearTimeout(this.timer)
    this.abort.abort()
    await this.running
  }

  /**
   * One poll of every chain, side by side; joins the poll in flight if there is one. Never
   * rejects.
   *
   * @returns Whether some chain has more blocks to index right away.
   */
  tick(): Promise<boolean> {
    if (this.stopped) return Promise.resolve(false)
    this.running ??= Promise.all(this.followers.map(follower => follower.run()))
      .then(behind => behind.some(Boolean))
      .finally(() => (this.running = undefined))
    return this.running
  }

  /**
   * The last block stored for a chain, or undefined when none is yet.
   *
   * @param chainId - CAIP-2 id.
   */
  indexedTo(chainId: string): number | undefined {
    return this.followers.find(follower => follower.chainId === chainId)?.indexedTo
  }

  /**
   * Resolves once a chain is indexed up to block `blockNumber` (for tests and tooling).
   *
   * @param chainId - CAIP-2 id.
   * @param blockNumber - The block to wait for.
   * @param timeoutMs - Reject after this long (default 10 s).
   */
  async waitForBlock(chainId: string, blockNumber: number, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs
    while ((this.indexedTo(chainId) ?? -1) < blockNumber) {
      if (Date.now() > deadline)
        throw new Error(`${chainId} was not indexed up to block ${blockNumber} within ${timeoutMs} ms (at ${this.indexedTo(chainId) ?? 'none'})`)
      await new Promise(resolve => setTimeout(resolve, 20))
    }
  }

  private schedule(delayMs: number): void {
    this.timer = setTimeout(() => {
      void this.tick().then(behind => {
        if (!this.stopped) this.schedule(behind ? 0 : this.pollMs)
      })
    }, delayMs)
    // The server's socket keeps the process alive; a forgotten indexer must not.
    this.timer.unref()
  }
}

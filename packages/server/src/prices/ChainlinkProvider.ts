import type { Address } from 'viem'
import { createChainClient } from '../chain/createChainClient.js'
import { PriceProviderError, type PriceAsset, type PriceProvider, type PriceQuote } from './PriceProvider.js'

/** The two reads of Chainlink's `AggregatorV3Interface` a price needs. */
export const aggregatorV3Abi = [
  { type: 'function', name: 'decimals', stateMutability: 'view', inputs: [], outputs: [{ name: '', type: 'uint8' }] },
  {
    type: 'function',
    name: 'latestRoundData',
    stateMutability: 'view',
    inputs: [],
    outputs: [
      { name: 'roundId', type: 'uint80' },
      { name: 'answer', type: 'int256' },
      { name: 'startedAt', type: 'uint256' },
      { name: 'updatedAt', type: 'uint256' },
      { name: 'answeredInRound', type: 'uint80' }
    ]
  }
] as const

/** Default of {@link ChainlinkOptions.heartbeatMarginSeconds}: 5 minutes on top of the heartbeat. */
export const CHAINLINK_HEARTBEAT_MARGIN_SECONDS = 300

/** One USD feed: its contract on the asset's chain and how often it must be updated. */
export interface ChainlinkFeed {
  /** The feed (proxy) contract, on the same chain as the asset. */
  address: string
  /** The feed's heartbeat in seconds (default {@link ChainlinkOptions.heartbeatSeconds}): an answer older than it (and the margin) is no price. */
  heartbeatSeconds?: number
}

/** Options of {@link ChainlinkProvider}. */
export interface ChainlinkOptions {
  /** USD feeds by asset id (`eip155:1:native`, `eip155:1:0xa0b8…`): an address or a {@link ChainlinkFeed}. */
  feeds: Record<string, string | ChainlinkFeed>
  /** The RPC endpoint of a CAIP-2 chain (the server's configured chains), undefined when not configured. */
  rpcUrl: (chainId: string) => string | undefined
  /** Heartbeat of feeds that name none, in seconds (default 3600). */
  heartbeatSeconds?: number
  /**
   * How much later than its heartbeat a feed's update may come, in seconds (default
   * {@link CHAINLINK_HEARTBEAT_MARGIN_SECONDS}): the update transaction takes a while to land.
   */
  heartbeatMarginSeconds?: number
  /** Time each RPC request gets, in ms (default 5000; the caller's signal still covers the whole answer). */
  timeoutMs?: number
  /** The clock (ms): an answer older than the heartbeat and its margin is stale. */
  now?: () => number
}

/**
 * Prices from Chainlink-style on-chain USD feeds (`AggregatorV3Interface`): `latestRoundData()`
 * and `decimals()` read through the chain's RPC with viem, the same way the server reads
 * balances. Only assets with a configured feed are asked about. A round is no price when its
 * answer is not positive, when it is incomplete (`updatedAt` 0, or `answeredInRound` below
 * `roundId`: an answer carried over from an older round), or when its `updatedAt` is older than
 * the feed's heartbeat plus a margin (or more than 5 minutes in the future). A chain whose node
 * does not answer rejects with a {@link PriceProviderError}.
 *
 * @example
 * const chainlink = new ChainlinkProvider({
 *   feeds: { 'eip155:1:native': { address: '0x5f4eC3Df9cbd43714FE2740f5E3616155c5b8419', heartbeatSeconds: 3600 } },
 *   rpcUrl: id => chains.get(id)?.rpcUrl
 * })
 */
export class ChainlinkProvider implements PriceProvider {
  readonly name = 'chainlink'
  private readonly feeds = new Map<string, { address: Address; maxAgeMs: number }>()
  private readonly decimals = new Map<string, number>()
  private readonly options: ChainlinkOptions

  /** @param options - Feeds, the chains' RPC and the default heartbeat. */
  constructor(options: ChainlinkOptions) {
    this.options = options
    for (const [id, feed] of Object.entries(options.feeds)) {
      const { address, heartbeatSeconds } = typeof feed === 'string' ? { address: feed, heartbeatSeconds: undefined } : feed
      const margin = options.heartbeatMarginSeconds ?? CHAINLINK_HEARTBEAT_MARGIN_SECONDS
      this.feeds.set(id.toLowerCase(), { address: address as Address, maxAgeMs: ((heartbeatSeconds ?? options.heartbeatSeconds ?? 3600) + margin) * 1000 })
    }
  }

  async prices(assets: readonly PriceAsset[], signal: AbortSignal): Promise<Map<string, PriceQuote>> {
    const quotes = new Map<string, PriceQuote>()
    const byChain = new Map<string, PriceAsset[]>()
    for (const asset of assets) {
      if (!this.feeds.has(asset.id.toLowerCase()) || !this.options.rpcUrl(asset.chainId)) continue
      byChain.set(asset.chainId, [...(byChain.get(asset.chainId) ?? []), asset])
    }
    await Promise.all([...byChain].map(([chainId, wanted]) => this.readChain(chainId, wanted, signal, quotes)))
    return quotes
  }

  private async readChain(chainId: string, assets: PriceAsset[], signal: AbortSignal, quotes: Map<string, PriceQuote>): Promise<void> {
    const client = createChainClient(this.options.rpcUrl(chainId)!, this.options.timeoutMs ?? 5000, signal)
    const now = (this.options.now ?? Date.now)()
    // Calls started together go out as one JSON-RPC batch.
    const reads = assets.map(async asset => {
      const feed = this.feeds.get(asset.id.toLowerCase())!
      const key = `${chainId}:${feed.address.toLowerCase()}`
      const [decimals, round] = await Promise.all([
        this.decimals.get(key) ?? client.readContract({ address: feed.address, abi: aggregatorV3Abi, functionName: 'decimals' }),
        client.readContract({ address: feed.address, abi: aggregatorV3Abi, functionName: 'latestRoundData' })
      ])
      // A feed's decimals never change.
      this.decimals.set(key, decimals)
      const [roundId, answer, , updatedAt, answeredInRound] = round
      return { asset, feed, decimals, answer, updatedAtMs: Number(updatedAt) * 1000, complete: updatedAt > 0n && answeredInRound >= roundId }
    })
    const settled = await Promise.allSettled(reads)
    if (signal.aborted) throw new PriceProviderError(`Chainlink feeds on ${chainId} did not answer in time`)
    // A node that answers nothing at all is a failing source; one feed that reverts is just no price.
    if (settled.every(r => r.status === 'rejected')) throw new PriceProviderError(`Chainlink feeds on ${chainId} unreadable`)
    for (const result of settled) {
      if (result.status !== 'fulfilled') continue
      const { asset, feed, decimals, answer, updatedAtMs, complete } = result.value
      const age = now - updatedAtMs
      if (!complete || answer <= 0n || age > feed.maxAgeMs || age < -5 * 60_000) continue
      const usd = Number(answer) / 10 ** decimals
      if (Number.isFinite(usd)) quotes.set(asset.id, { usd, source: this.name, at: updatedAtMs })
    }
  }
}

import * as v from 'valibot'

const boundedInteger = (min: number, max: number) => v.pipe(v.number(), v.integer(), v.minValue(min), v.maxValue(max))
const CAIP2 = v.pipe(v.string(), v.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/, 'a CAIP-2 chain id like "eip155:1"'))
const EVM_ADDRESS = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/, 'a feed address: 0x and 40 hex digits'))
const ASSET_ID = v.pipe(
  v.string(),
  v.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:(native|0x[0-9a-fA-F]{40})$/, 'an asset id: "eip155:1:native" or "eip155:1:0x…"')
)
const COINGECKO_ID = v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,100}$/, 'a CoinGecko id: a-z, 0-9 and "-"'))

/** Schema of {@link PriceProvidersConfig} (the `priceProviders` section of the server config). */
export const PriceProvidersConfigSchema = v.strictObject({
  coingecko: v.optional(
    v.strictObject({
      apiKey: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(200))),
      baseUrl: v.optional(v.pipe(v.string(), v.maxLength(500), v.url(), v.regex(/^https?:\/\//, 'priceProviders.coingecko.baseUrl: an http(s) URL'))),
      pro: v.optional(v.boolean()),
      networks: v.optional(v.record(CAIP2, v.strictObject({ platform: v.optional(COINGECKO_ID), nativeCoinId: v.optional(COINGECKO_ID) })))
    })
  ),
  chainlink: v.optional(
    v.strictObject({
      feeds: v.record(ASSET_ID, v.union([EVM_ADDRESS, v.strictObject({ address: EVM_ADDRESS, heartbeatSeconds: v.optional(boundedInteger(1, 7 * 86_400)) })])),
      heartbeatSeconds: v.optional(boundedInteger(1, 7 * 86_400)),
      heartbeatMarginSeconds: v.optional(boundedInteger(0, 86_400)),
      maxDeviationPercent: v.optional(v.pipe(v.number(), v.minValue(0.1), v.maxValue(1000))),
      onDeviation: v.optional(v.picklist(['unknown', 'chainlink']))
    })
  ),
  freshSeconds: v.optional(boundedInteger(1, 86_400)),
  staleSeconds: v.optional(boundedInteger(0, 7 * 86_400)),
  timeoutMs: v.optional(boundedInteger(100, 60_000))
})

/**
 * Where USD prices come from besides the static `prices` (which always win). Without this section
 * only the static prices are known, and nothing is asked of the network.
 *
 * @example
 * {
 *   "coingecko": { "apiKey": "CG-…" },
 *   "chainlink": { "feeds": { "eip155:1:native": { "address": "0x5f4eC3Df9cbd43714FE2740f5E3616155c5b8419", "heartbeatSeconds": 3600 } }, "maxDeviationPercent": 5 },
 *   "freshSeconds": 60,
 *   "staleSeconds": 600
 * }
 */
export interface PriceProvidersConfig {
  /**
   * CoinGecko's market-data API, asked first. `apiKey`: a demo key, or with `pro: true` a paid
   * one; keyless works at the public rate. `baseUrl`: another root (a stand-in, a proxy).
   * `networks`: CoinGecko ids (`platform` for tokens, `nativeCoinId`) of chains it does not know
   * by default (mainnets of Ethereum, OP, BNB, Gnosis, Polygon, Base, Arbitrum, Avalanche, Solana).
   */
  coingecko?: { apiKey?: string; baseUrl?: string; pro?: boolean; networks?: Record<string, { platform?: string; nativeCoinId?: string }> }
  /**
   * Chainlink-style USD feeds (`AggregatorV3Interface`), read through the asset's chain RPC: the
   * fallback when CoinGecko has no price, and the second opinion when it has one. Keys:
   * `eip155:1:native` or `eip155:1:0x…` (the token). A round is no price when its answer is not
   * positive, when it is incomplete (`updatedAt` 0, `answeredInRound` below `roundId`), or when it
   * is older than the feed's heartbeat (default 3600 s) plus `heartbeatMarginSeconds` (default
   * 300). When CoinGecko and a feed price an asset more than `maxDeviationPercent` apart (default
   * 5, in % of the feed's price; keep it above the feed's own deviation threshold), the answer is
   * `onDeviation`: `unknown` (default: the modal shows "–"), or `chainlink`, the feed's price; the
   * disagreement is logged once an hour per asset while it lasts.
   */
  chainlink?: {
    feeds: Record<string, string | { address: string; heartbeatSeconds?: number }>
    heartbeatSeconds?: number
    heartbeatMarginSeconds?: number
    maxDeviationPercent?: number
    onDeviation?: 'unknown' | 'chainlink'
  }
  /** How long a price is served without asking again (default 60 s). */
  freshSeconds?: number
  /** How much longer an older price is served while it is refreshed in the background (default 600 s in all). */
  staleSeconds?: number
  /** Time each source gets for its whole answer (default 3000 ms). */
  timeoutMs?: number
}

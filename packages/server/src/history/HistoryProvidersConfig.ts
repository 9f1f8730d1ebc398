import * as v from 'valibot'

const boundedInteger = (min: number, max: number) => v.pipe(v.number(), v.integer(), v.minValue(min), v.maxValue(max))
const EIP155 = v.pipe(v.string(), v.regex(/^eip155:\d{1,18}$/, 'an eip155 chain id like "eip155:8453"'))
const API_KEY = v.pipe(v.string(), v.minLength(1), v.maxLength(200), v.regex(/^[\x21-\x7e]+$/, 'an API key: printable characters, no spaces'))
const BASE_URL = v.pipe(v.string(), v.maxLength(500), v.url(), v.regex(/^https?:\/\/[^?#]+$/, 'an http(s) URL without query'))
const TUNING = {
  timeoutMs: v.optional(boundedInteger(100, 60_000)),
  pageSize: v.optional(boundedInteger(1, 1000))
}

/** Schema of {@link HistoryProvidersConfig} (the `historyProviders` section of the server config). */
export const HistoryProvidersConfigSchema = v.strictObject({
  etherscan: v.optional(
    v.strictObject({
      apiKey: v.optional(API_KEY),
      baseUrl: v.optional(BASE_URL),
      chains: v.pipe(v.array(EIP155), v.minLength(1), v.maxLength(100)),
      ...TUNING
    })
  ),
  blockscout: v.optional(v.pipe(v.array(v.strictObject({ chain: EIP155, baseUrl: BASE_URL, apiKey: v.optional(API_KEY), ...TUNING })), v.maxLength(100)))
})

/**
 * Where the activity feed (`/v1/account/{account}/history`) reads the chains this server does not
 * index. Every eip155 chain of `chains` is served by exactly one source: the chains named here by
 * the explorer API named, every other one by this server's indexer (which then does not follow the
 * named ones). A chain named here must be one of `chains`; a chain in neither answers 400.
 *
 * - `etherscan`: Etherscan's V2 multichain API (one key for its 50+ chains). `apiKey`: the
 *   operator's key (kept on the server, never sent to pages); `baseUrl`: another root with the same
 *   API (default `https://api.etherscan.io/v2/api`; a stand-in, a proxy); `chains`: the CAIP-2 ids
 *   it serves here.
 * - `blockscout`: Blockscout instances (one per chain, e.g. `https://gnosis.blockscout.com/api`),
 *   which answer Etherscan's `module=account` actions; a key is optional.
 * - `timeoutMs` (default 5000, 100 to 60000): time each call gets for its whole answer;
 *   `pageSize` (default 100, 1 to 1000): rows asked per call (`offset`).
 *
 * The explorer's transactions get the indexer's spam and poisoning rules. Not listed through an
 * explorer: internal native transfers (a swap paying out the coin), and the `onramp` purchase view.
 *
 * @example
 * ```json
 * {
 *   "historyProviders": {
 *     "etherscan": { "apiKey": "YourApiKeyToken", "chains": ["eip155:1", "eip155:8453"] },
 *     "blockscout": [{ "chain": "eip155:100", "baseUrl": "https://gnosis.blockscout.com/api" }]
 *   }
 * }
 * ```
 */
export interface HistoryProvidersConfig {
  etherscan?: { apiKey?: string; baseUrl?: string; chains: string[]; timeoutMs?: number; pageSize?: number }
  blockscout?: { chain: string; baseUrl: string; apiKey?: string; timeoutMs?: number; pageSize?: number }[]
}

/**
 * Checks what the schema cannot: each chain named once, and each one of the configured eip155
 * chains.
 *
 * @param config - The parsed server configuration.
 * @throws Error 'Invalid server config at historyProviders…: …' naming the first problem.
 */
export function checkHistoryProviders(config: { chains: readonly { caipNetworkId: string }[]; historyProviders?: HistoryProvidersConfig }): void {
  const configured = new Set(config.chains.map(chain => chain.caipNetworkId))
  const seen = new Set<string>()
  const named = [
    ...(config.historyProviders?.etherscan?.chains ?? []).map((chain, i) => [chain, `etherscan.chains.${i}`] as const),
    ...(config.historyProviders?.blockscout ?? []).map((entry, i) => [entry.chain, `blockscout.${i}.chain`] as const)
  ]
  for (const [chain, at] of named) {
    if (!configured.has(chain)) throw new Error(`Invalid server config at historyProviders.${at}: ${chain} is not one of the configured chains`)
    if (seen.has(chain)) throw new Error(`Invalid server config at historyProviders.${at}: ${chain} is served twice`)
    seen.add(chain)
  }
}

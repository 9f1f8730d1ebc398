import * as v from 'valibot'
import { fetchPriceJson } from './fetchPriceJson.js'
import { PriceProviderError, type PriceAsset, type PriceProvider, type PriceQuote } from './PriceProvider.js'

/** Where CoinGecko knows a chain: its asset platform (tokens) and its native coin's id. */
export interface CoinGeckoNetwork {
  /** Asset platform id for `/simple/token_price/{platform}` (`ethereum`, `base`). */
  platform?: string
  /** Coin id of the native coin for `/simple/price` (`ethereum`, `solana`). */
  nativeCoinId?: string
}

/**
 * The CoinGecko ids of well-known chains (from its `/asset_platforms` list); a configuration's
 * `networks` adds to and overrides these.
 */
export const COINGECKO_NETWORKS: Readonly<Record<string, CoinGeckoNetwork>> = {
  'eip155:1': { platform: 'ethereum', nativeCoinId: 'ethereum' },
  'eip155:10': { platform: 'optimistic-ethereum', nativeCoinId: 'ethereum' },
  'eip155:56': { platform: 'binance-smart-chain', nativeCoinId: 'binancecoin' },
  'eip155:100': { platform: 'xdai', nativeCoinId: 'xdai' },
  'eip155:137': { platform: 'polygon-pos', nativeCoinId: 'polygon-ecosystem-token' },
  'eip155:8453': { platform: 'base', nativeCoinId: 'ethereum' },
  'eip155:42161': { platform: 'arbitrum-one', nativeCoinId: 'ethereum' },
  'eip155:43114': { platform: 'avalanche', nativeCoinId: 'avalanche-2' },
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': { platform: 'solana', nativeCoinId: 'solana' }
}

/** Options of {@link CoinGeckoProvider}. */
export interface CoinGeckoOptions {
  /** A demo key (sent as `x-cg-demo-api-key`) or, with `pro`, a paid key (`x-cg-pro-api-key`). Keyless works at the public rate. */
  apiKey?: string
  /** The key is a paid plan's: the pro base URL and header. */
  pro?: boolean
  /** API root (default `https://api.coingecko.com/api/v3`, or the pro root with `pro`); a stand-in's in tests. */
  baseUrl?: string
  /** CoinGecko ids per CAIP-2 chain, added to {@link COINGECKO_NETWORKS}. */
  networks?: Record<string, CoinGeckoNetwork>
  /** The clock (ms), for quotes without `last_updated_at`. */
  now?: () => number
}

/** Contract addresses per `/simple/token_price` call (CoinGecko allows 515; URLs stay short). */
const ADDRESSES_PER_CALL = 100

/** `{ "<id or address>": { "usd": 1.0, "last_updated_at": 1712345678 } }`: entries without a usable price are dropped. */
const SimplePriceSchema = v.record(
  v.pipe(v.string(), v.maxLength(200)),
  v.object({
    usd: v.optional(v.nullable(v.number())),
    last_updated_at: v.optional(v.nullable(v.number()))
  })
)

/**
 * Prices from CoinGecko's public market-data API: native coins by coin id
 * (`GET /simple/price?ids=…&vs_currencies=usd&include_last_updated_at=true`), tokens by contract
 * address per asset platform (`GET /simple/token_price/{platform}?contract_addresses=…`). A chain
 * CoinGecko does not know (see {@link COINGECKO_NETWORKS}) is left out without a call. Answers are
 * checked with valibot; 401/403, 429 (with its `Retry-After`), 5xx, a timeout or a malformed answer
 * reject with a {@link PriceProviderError}.
 *
 * @example
 * const gecko = new CoinGeckoProvider({ apiKey: process.env.CG_KEY })
 * await gecko.prices([{ id: 'eip155:1:native', chainId: 'eip155:1' }], AbortSignal.timeout(3000))
 */
export class CoinGeckoProvider implements PriceProvider {
  readonly name = 'coingecko'
  private readonly base: string
  private readonly headers: Record<string, string>
  private readonly networks: Record<string, CoinGeckoNetwork>
  private readonly now: () => number

  /** @param options - Key, plan, root URL and extra networks. */
  constructor(options: CoinGeckoOptions = {}) {
    this.base = (options.baseUrl ?? (options.pro ? 'https://pro-api.coingecko.com/api/v3' : 'https://api.coingecko.com/api/v3')).replace(/\/+$/, '')
    this.headers = options.apiKey ? { [options.pro ? 'x-cg-pro-api-key' : 'x-cg-demo-api-key']: options.apiKey } : {}
    this.networks = { ...COINGECKO_NETWORKS, ...options.networks }
    this.now = options.now ?? Date.now
  }

  async prices(assets: readonly PriceAsset[], signal: AbortSignal): Promise<Map<string, PriceQuote>> {
    const quotes = new Map<string, PriceQuote>()
    const natives = new Map<string, PriceAsset[]>()
    const tokens = new Map<string, PriceAsset[]>()
    for (const asset of assets) {
      const network = this.networks[asset.chainId]
      const key = asset.contract ? network?.platform : network?.nativeCoinId
      if (!key) continue
      const group = asset.contract ? tokens : natives
      group.set(key, [...(group.get(key) ?? []), asset])
    }
    const calls: Promise<void>[] = []
    if (natives.size > 0) {
      calls.push(
        this.get('/simple/price', { ids: [...natives.keys()].join(',') }, signal).then(answer => {
          for (const [coinId, wanted] of natives) for (const asset of wanted) this.take(quotes, asset.id, answer[coinId])
        })
      )
    }
    for (const [platform, wanted] of tokens) {
      for (let i = 0; i < wanted.length; i += ADDRESSES_PER_CALL) {
        const chunk = wanted.slice(i, i + ADDRESSES_PER_CALL)
        const query = { contract_addresses: chunk.map(a => a.contract!.toLowerCase()).join(',') }
        calls.push(
          this.get(`/simple/token_price/${encodeURIComponent(platform)}`, query, signal).then(answer => {
            // CoinGecko answers EVM addresses lowercased; a mint is matched as written, then lowercased.
            const byKey = new Map(Object.entries(answer).map(([k, value]) => [k.toLowerCase(), value]))
            for (const asset of chunk) this.take(quotes, asset.id, answer[asset.contract!] ?? byKey.get(asset.contract!.toLowerCase()))
          })
        )
      }
    }
    await Promise.all(calls)
    return quotes
  }

  private take(quotes: Map<string, PriceQuote>, id: string, entry: v.InferOutput<typeof SimplePriceSchema>[string] | undefined): void {
    const usd = entry?.usd
    if (typeof usd !== 'number' || !Number.isFinite(usd) || usd < 0) return
    const updated = entry?.last_updated_at
    quotes.set(id, { usd, source: this.name, at: typeof updated === 'number' && updated > 0 ? updated * 1000 : this.now() })
  }

  private async get(path: string, query: Record<string, string>, signal: AbortSignal): Promise<v.InferOutput<typeof SimplePriceSchema>> {
    const url = new URL(this.base + path)
    for (const [k, value] of Object.entries(query)) url.searchParams.set(k, value)
    url.searchParams.set('vs_currencies', 'usd')
    url.searchParams.set('include_last_updated_at', 'true')
    const body = await fetchPriceJson('CoinGecko', url, this.headers, signal, this.now)
    const parsed = v.safeParse(SimplePriceSchema, body)
    if (!parsed.success) throw new PriceProviderError('CoinGecko gave a malformed answer')
    return parsed.output
  }
}

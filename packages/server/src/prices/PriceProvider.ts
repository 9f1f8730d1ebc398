/**
 * One asset to price: a chain's native coin (no `contract`) or a token (ERC20 contract or SPL mint).
 * `id` is its key in every answer, see {@link priceAssetId}.
 */
export interface PriceAsset {
  /** `{caip2}:native` or `{caip2}:{contract}`, as {@link priceAssetId} writes it. */
  id: string
  /** CAIP-2 id of the chain (`eip155:1`, `solana:5eykt4...`). */
  chainId: string
  /** Token contract or mint address; absent for the native coin. */
  contract?: string
  /** Symbol, for sources that price by symbol (the static table); never trusted for a remote lookup. */
  symbol?: string
}

/** A USD price and where and when it came from. */
export interface PriceQuote {
  /** USD price of one whole unit. */
  usd: number
  /** The source's name (`config`, `coingecko`, `chainlink`). */
  source: string
  /** When the source says the price was last updated, in ms since the epoch. */
  at: number
}

/**
 * A source of USD prices. An asset the source does not know is left out of the answer; a source
 * that cannot answer at all (unreachable, refused, malformed) rejects with a
 * {@link PriceProviderError}, so the caller can skip it for a while.
 *
 * @example
 * const quotes = await provider.prices([{ id: 'eip155:1:native', chainId: 'eip155:1' }], AbortSignal.timeout(3000))
 * quotes.get('eip155:1:native')?.usd // 3012.5
 */
export interface PriceProvider {
  /** Name for logs and {@link PriceQuote.source}. */
  readonly name: string
  /**
   * Prices of the assets the source knows, by {@link PriceAsset.id}.
   *
   * @param assets - Assets to price (ids unique).
   * @param signal - Aborts the work (the caller's timeout).
   */
  prices(assets: readonly PriceAsset[], signal: AbortSignal): Promise<Map<string, PriceQuote>>
}

/**
 * The key of an asset: `{caip2}:native` for a native coin, else `{caip2}:{contract}`; eip155
 * addresses are lowercased (they are case-insensitive), Solana mints kept as written (base58 is
 * case-sensitive).
 *
 * @example
 * priceAssetId('eip155:1', '0xA0b8...eB48') // 'eip155:1:0xa0b8...eb48'
 */
export function priceAssetId(chainId: string, contract?: string): string {
  if (!contract) return `${chainId}:native`
  return `${chainId}:${chainId.startsWith('eip155:') ? contract.toLowerCase() : contract}`
}

/**
 * The {@link PriceAsset} of a CAIP-10 token id or `{caip2}:native`, or undefined when the text is
 * not shaped `namespace:reference:address`.
 *
 * @example
 * parsePriceAssetId('eip155:1:native') // { id: 'eip155:1:native', chainId: 'eip155:1' }
 */
export function parsePriceAssetId(text: string, symbol?: string): PriceAsset | undefined {
  const lastColon = text.lastIndexOf(':')
  const chainId = text.slice(0, lastColon)
  const reference = text.slice(lastColon + 1)
  if (lastColon < 0 || !/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/.test(chainId) || !/^[-a-zA-Z0-9]{1,128}$/.test(reference)) return undefined
  const contract = reference === 'native' ? undefined : reference
  return { id: priceAssetId(chainId, contract), chainId, ...(contract ? { contract } : {}), ...(symbol ? { symbol } : {}) }
}

/**
 * Why a provider could not answer. `retryAfterMs` is the source's own word on when to ask again
 * (a 429's `Retry-After`); `permanent` marks refusals that asking again will not fix (a bad key).
 */
export class PriceProviderError extends Error {
  /**
   * @param message - What went wrong (no secrets: never the key).
   * @param options - HTTP status, the source's `Retry-After` in ms, whether it is permanent.
   */
  constructor(
    message: string,
    readonly options: { status?: number; retryAfterMs?: number; permanent?: boolean } = {}
  ) {
    super(message)
    this.name = 'PriceProviderError'
  }
}

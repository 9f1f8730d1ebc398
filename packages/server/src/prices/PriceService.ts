import type { PriceTable } from '../chain/PriceTable.js'
import { CircuitBreaker } from './CircuitBreaker.js'
import { PriceProviderError, type PriceAsset, type PriceProvider, type PriceQuote } from './PriceProvider.js'

/** Options of {@link PriceService}. */
export interface PriceServiceOptions {
  /** The configuration's static prices: they win over every provider. */
  table?: PriceTable
  /** Sources in order of preference: each is asked only for what the ones before left unpriced. */
  providers?: readonly PriceProvider[]
  /** How long a price is served without asking again, in ms (default 60 s). */
  freshMs?: number
  /** How long an older price is still served while one refresh runs, in ms (default 10 min). */
  staleMs?: number
  /** Time one provider gets for its whole answer, in ms (default 3 s). */
  timeoutMs?: number
  /** Consecutive failures that open a provider's breaker (default 3) and its cool-down in ms (default 30 s). */
  breaker?: { threshold?: number; cooldownMs?: number }
  /** Most assets cached (default 10000; the oldest are dropped first). */
  maxEntries?: number
  /** The clock (ms); tests pass their own. */
  now?: () => number
  /** Told when a provider fails (for the log); the answer goes on without it. */
  onError?: (provider: string, error: Error) => void
  /** A second opinion on the prices an earlier provider gives (none by default). */
  crossCheck?: PriceCrossCheck
  /** Told when the two opinions disagree: once per asset per {@link PriceCrossCheck.reportEveryMs} (for the log). */
  onDeviation?: (deviation: PriceDeviation) => void
}

/**
 * A provider that checks the others: besides pricing what they left unpriced, it is asked about
 * the assets they priced, and where both price an asset and differ by more than `maxDeviation`,
 * the service does not show a number it cannot trust.
 *
 * @example
 * { provider: 'chainlink', maxDeviation: 0.05, answer: 'unknown' }
 */
export interface PriceCrossCheck {
  /** Name of the checking provider (one of `providers`, usually `chainlink`: it only answers for assets it has a feed for). */
  provider: string
  /** Largest gap accepted, as a fraction of the checking provider's price (default 0.05: 5%). */
  maxDeviation?: number
  /**
   * What the service answers for an asset the two disagree on: `unknown` (default: the modal shows
   * "–", and the total says it leaves the asset out), or `second`, the checking provider's price.
   */
  answer?: 'unknown' | 'second'
  /** A lasting disagreement about an asset is told again at most this often, in ms (default 1 hour). */
  reportEveryMs?: number
}

/** Two sources disagreeing about an asset's price, as {@link PriceServiceOptions.onDeviation} is told. */
export interface PriceDeviation {
  /** The asset, as {@link PriceAsset.id}. */
  assetId: string
  /** What the first provider to price it said. */
  quote: PriceQuote
  /** What the checking provider said. */
  check: PriceQuote
  /** `|quote - check| / check`. */
  deviation: number
  /** The largest accepted (`PriceCrossCheck.maxDeviation`). */
  maxDeviation: number
  /** What the service answered: unknown, or the checking provider's price. */
  answered: 'unknown' | 'second'
}

/**
 * A log line for a {@link PriceDeviation}.
 *
 * @example
 * describePriceDeviation(d) // 'eip155:1:native: coingecko says 3000 USD, chainlink says 2500 USD (20.0% apart, more than 5%): answered unknown'
 */
export function describePriceDeviation(d: PriceDeviation): string {
  const percent = (fraction: number, digits: number) => `${Number((fraction * 100).toFixed(digits))}%`
  const answered = d.answered === 'unknown' ? 'answered unknown' : `answered ${d.check.source}'s price`
  return `${d.assetId}: ${d.quote.source} says ${d.quote.usd} USD, ${d.check.source} says ${d.check.usd} USD (${(d.deviation * 100).toFixed(1)}% apart, more than ${percent(d.maxDeviation, 2)}): ${answered}`
}

/** A cached answer: a quote, or `undefined` when every source answered and none knew the asset. */
interface Entry {
  quote: PriceQuote | undefined
  storedAt: number
}

/**
 * USD prices for the balance and price routes: the static table first (an override that always
 * wins), then each provider in order (CoinGecko, then Chainlink feeds as the fallback) for what is
 * still unpriced. With a {@link PriceCrossCheck}, the checking provider (Chainlink) is also asked
 * about what the providers before it priced: when both price an asset and differ by more than the
 * bound, the answer is unknown (or, if so configured, the checking provider's price), and the
 * disagreement is told once per asset per `reportEveryMs`, not per request; a checking provider
 * that cannot answer leaves the others' prices unchecked rather than unknown. Answers are cached per asset: fresh for `freshMs`; after that, up to `staleMs`,
 * the old price is served at once while one background refresh runs; older than that, the caller
 * waits for the refresh. Each provider call has a timeout covering its whole answer, and a
 * per-provider {@link CircuitBreaker} skips a failing source for a cool-down (a 429's
 * `Retry-After` opens it at once for that long). An asset no source prices is simply absent from
 * the answer: unknown, never 0. This never rejects.
 *
 * @example
 * const service = new PriceService({ table: new PriceTable(config.prices), providers: [new CoinGeckoProvider()] })
 * const quotes = await service.prices([{ id: 'eip155:1:native', chainId: 'eip155:1', symbol: 'ETH' }])
 */
export class PriceService {
  private readonly cache = new Map<string, Entry>()
  private readonly inflight = new Map<string, Promise<void>>()
  private readonly background = new Set<Promise<void>>()
  private readonly providers: { provider: PriceProvider; breaker: CircuitBreaker }[]
  private readonly now: () => number
  private readonly freshMs: number
  private readonly staleMs: number
  private readonly timeoutMs: number
  private readonly maxEntries: number
  /** When each asset's disagreement was last told, oldest first. */
  private readonly reported = new Map<string, number>()

  /** @param options - Table, providers, windows, timeout, breaker and clock. */
  constructor(private readonly options: PriceServiceOptions = {}) {
    this.now = options.now ?? Date.now
    this.freshMs = options.freshMs ?? 60_000
    this.staleMs = Math.max(options.staleMs ?? 600_000, this.freshMs)
    this.timeoutMs = options.timeoutMs ?? 3000
    this.maxEntries = options.maxEntries ?? 10_000
    this.providers = (options.providers ?? []).map(provider => ({ provider, breaker: new CircuitBreaker({ ...options.breaker, now: this.now }) }))
  }

  /** Whether a provider's breaker is open now (it is being skipped). */
  isSkipping(name: string): boolean {
    return this.providers.some(p => p.provider.name === name && p.breaker.open)
  }

  /**
   * The prices known for `assets`, by {@link PriceAsset.id}; unknown assets are left out.
   *
   * @param assets - Assets to price; ids repeated are asked once.
   */
  async prices(assets: readonly PriceAsset[]): Promise<Map<string, PriceQuote>> {
    const now = this.now()
    const answer = new Map<string, PriceQuote>()
    const missing: PriceAsset[] = []
    const stale: PriceAsset[] = []
    const seen = new Set<string>()
    for (const asset of assets) {
      if (seen.has(asset.id)) continue
      seen.add(asset.id)
      const configured = this.options.table?.known(asset.id, asset.symbol)
      if (configured !== undefined) {
        answer.set(asset.id, { usd: configured, source: 'config', at: now })
        continue
      }
      if (this.providers.length === 0) continue
      const entry = this.cache.get(asset.id)
      const age = entry ? now - entry.storedAt : Infinity
      if (age > this.staleMs) {
        missing.push(asset)
        continue
      }
      if (entry?.quote) answer.set(asset.id, entry.quote)
      if (age > this.freshMs) stale.push(asset)
    }
    if (stale.length > 0) {
      // Served stale now; one refresh in the background (none when one is already running).
      const refresh = this.load(stale.filter(a => !this.inflight.has(a.id)))
      this.background.add(refresh)
      void refresh.finally(() => this.background.delete(refresh))
    }
    if (missing.length > 0) {
      await this.load(missing)
      const after = this.now()
      for (const asset of missing) {
        // A failed fetch leaves the too-old entry in place: it is not an answer.
        const entry = this.cache.get(asset.id)
        if (entry?.quote && after - entry.storedAt <= this.staleMs) answer.set(asset.id, entry.quote)
      }
    }
    return answer
  }

  /** Resolves once no background refresh is running (for tests and shutdown). */
  async idle(): Promise<void> {
    while (this.background.size > 0) await Promise.all([...this.background])
  }

  /** Fetches `assets` (joining a fetch already running for any of them) into the cache. */
  private async load(assets: readonly PriceAsset[]): Promise<void> {
    const joined = assets.filter(a => this.inflight.has(a.id)).map(a => this.inflight.get(a.id)!)
    const own = assets.filter(a => !this.inflight.has(a.id))
    if (own.length > 0) {
      const run = this.fetchAll(own).finally(() => {
        for (const a of own) if (this.inflight.get(a.id) === run) this.inflight.delete(a.id)
      })
      for (const a of own) this.inflight.set(a.id, run)
      joined.push(run)
    }
    await Promise.all(joined)
  }

  private async fetchAll(assets: readonly PriceAsset[]): Promise<void> {
    // What the providers in order priced, and what the checking provider said.
    const found = new Map<string, PriceQuote>()
    const checked = new Map<string, PriceQuote>()
    // Assets some source could not be asked about: their old entry is kept rather than replaced by "unknown".
    let unsure = false
    const checker = this.options.crossCheck?.provider
    for (const { provider, breaker } of this.providers) {
      const checking = provider.name === checker
      // The checking provider is asked about everything (it answers only where it has a feed); the others about what is still unpriced.
      const asked = checking ? assets : assets.filter(a => !found.has(a.id) && !checked.has(a.id))
      if (asked.length === 0) continue
      const answer = await this.ask(provider, breaker, asked)
      if (!answer) {
        unsure = true
        continue
      }
      for (const asset of asked) {
        const quote = answer.get(asset.id)
        if (quote && Number.isFinite(quote.usd) && quote.usd >= 0) (checking ? checked : found).set(asset.id, quote)
      }
    }
    const storedAt = this.now()
    for (const asset of assets) {
      const { quote, disputed } = this.decide(asset.id, found.get(asset.id), checked.get(asset.id), storedAt)
      // A disagreement is an answer ("unknown") even when some source could not be asked.
      if (quote || disputed || !unsure) this.store(asset.id, { quote, storedAt })
    }
  }

  /** The price to answer from a provider's quote and the checking provider's; `disputed` when they disagree. */
  private decide(id: string, quote: PriceQuote | undefined, check: PriceQuote | undefined, now: number): { quote?: PriceQuote; disputed?: boolean } {
    if (!quote || !check) return { quote: quote ?? check }
    const crossCheck = this.options.crossCheck!
    const maxDeviation = crossCheck.maxDeviation ?? 0.05
    // A check price is positive (a feed's non-positive answer is no price), so the ratio is finite.
    const deviation = Math.abs(quote.usd - check.usd) / check.usd
    if (deviation <= maxDeviation) return { quote }
    const answered = crossCheck.answer ?? 'unknown'
    const last = this.reported.get(id)
    if (last === undefined || now - last >= (crossCheck.reportEveryMs ?? 3_600_000)) {
      this.reported.delete(id)
      this.reported.set(id, now)
      while (this.reported.size > this.maxEntries) this.reported.delete(this.reported.keys().next().value!)
      this.options.onDeviation?.({ assetId: id, quote, check, deviation, maxDeviation, answered })
    }
    return { quote: answered === 'second' ? check : undefined, disputed: true }
  }

  /** One provider's answer within the timeout, or undefined when it is skipped or fails. */
  private async ask(provider: PriceProvider, breaker: CircuitBreaker, assets: readonly PriceAsset[]): Promise<Map<string, PriceQuote> | undefined> {
    if (!breaker.allow()) return undefined
    const controller = new AbortController()
    const timedOut = new Promise<never>((_, reject) => {
      controller.signal.addEventListener('abort', () => reject(controller.signal.reason as Error), { once: true })
    })
    // Settles only on timeout, and then the race has handled it.
    timedOut.catch(() => undefined)
    const timer = setTimeout(() => controller.abort(new PriceProviderError(`${provider.name} did not answer within ${this.timeoutMs} ms`)), this.timeoutMs)
    try {
      // The race bounds a provider that ignores its signal too.
      const answer = await Promise.race([provider.prices(assets, controller.signal), timedOut])
      breaker.success()
      return answer
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error))
      breaker.failure(failure instanceof PriceProviderError ? failure.options : {})
      this.options.onError?.(provider.name, failure)
      return undefined
    } finally {
      clearTimeout(timer)
    }
  }

  private store(id: string, entry: Entry): void {
    this.cache.delete(id)
    this.cache.set(id, entry)
    // Insertion order is age order: the first key is the oldest.
    while (this.cache.size > this.maxEntries) this.cache.delete(this.cache.keys().next().value!)
  }
}

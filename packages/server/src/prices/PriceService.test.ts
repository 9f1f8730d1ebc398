// The composite price service with in-memory providers and an injected clock (no sleeps), plus
// the CoinGecko stand-in for the rate limit and the timeout.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { startCoinGeckoStandIn, type CoinGeckoStandIn } from '@wallet-modal/devnet'
import { PriceTable } from '../chain/PriceTable.js'
import { CoinGeckoProvider } from './CoinGeckoProvider.js'
import { PriceProviderError, parsePriceAssetId, type PriceAsset, type PriceProvider, type PriceQuote } from './PriceProvider.js'
import { describePriceDeviation, PriceService, type PriceDeviation } from './PriceService.js'

const asset = (id: string, symbol?: string): PriceAsset => parsePriceAssetId(id, symbol)!
const ETH = asset('eip155:1:native', 'ETH')
const TOKEN = asset('eip155:1:0x00000000000000000000000000000000000000aa')
const OTHER = asset('eip155:1:0x00000000000000000000000000000000000000bb')

/** A provider answering from a table, counting calls; `fail` makes the next calls reject; `hold` keeps them pending until released. */
function fakeProvider(name: string, prices: Record<string, number>) {
  const calls: string[][] = []
  let failWith: Error | undefined
  let held: (() => void)[] | undefined
  const provider: PriceProvider & { calls: string[][]; table: Record<string, number>; fail(error?: Error): void; hold(): void; release(): void } = {
    name,
    calls,
    table: prices,
    fail(error) {
      failWith = error
    },
    hold() {
      held = []
    },
    release() {
      const waiting = held ?? []
      held = undefined
      for (const go of waiting) go()
    },
    async prices(assets) {
      calls.push(assets.map(a => a.id))
      if (held) await new Promise<void>(resolve => held!.push(resolve))
      if (failWith) throw failWith
      const out = new Map<string, PriceQuote>()
      for (const a of assets) if (a.id in provider.table) out.set(a.id, { usd: provider.table[a.id]!, source: name, at: 0 })
      return out
    }
  }
  return provider
}

function clock(start = 1_000_000) {
  let now = start
  return { now: () => now, advance: (ms: number) => void (now += ms) }
}

const usd = (quotes: Map<string, PriceQuote>) => Object.fromEntries([...quotes].map(([id, q]) => [id, `${q.usd}@${q.source}`]))

describe('PriceService', () => {
  it('the static table wins; then the primary; then the fallback for what is still unpriced; unknown stays absent', async () => {
    const primary = fakeProvider('primary', { [ETH.id]: 2999, [TOKEN.id]: 5 })
    const fallback = fakeProvider('fallback', { [TOKEN.id]: 6, [OTHER.id]: 7 })
    const service = new PriceService({ table: new PriceTable({ ETH: 3000 }), providers: [primary, fallback] })
    const quotes = await service.prices([ETH, TOKEN, OTHER, asset('eip155:1:0x00000000000000000000000000000000000000cc')])
    assert.deepEqual(usd(quotes), { [ETH.id]: '3000@config', [TOKEN.id]: '5@primary', [OTHER.id]: '7@fallback' })
    assert.deepEqual(primary.calls, [[TOKEN.id, OTHER.id, 'eip155:1:0x00000000000000000000000000000000000000cc']], 'the override is never asked for')
    assert.deepEqual(fallback.calls, [[OTHER.id, 'eip155:1:0x00000000000000000000000000000000000000cc']])
  })

  it('a symbol prices only assets that carry it (configured ones), not an unlisted token claiming it', async () => {
    const service = new PriceService({ table: new PriceTable({ USDC: 1 }) })
    const quotes = await service.prices([
      asset('eip155:1:0x00000000000000000000000000000000000000aa', 'USDC'),
      asset('eip155:1:0x00000000000000000000000000000000000000bb')
    ])
    assert.deepEqual(usd(quotes), { 'eip155:1:0x00000000000000000000000000000000000000aa': '1@config' })
  })

  it('when the primary fails, the fallback answers, and the failure is reported', async () => {
    const primary = fakeProvider('primary', {})
    primary.fail(new PriceProviderError('down', { status: 503 }))
    const fallback = fakeProvider('fallback', { [TOKEN.id]: 6 })
    const errors: string[] = []
    const service = new PriceService({ providers: [primary, fallback], onError: (name, e) => errors.push(`${name}: ${e.message}`) })
    assert.deepEqual(usd(await service.prices([TOKEN])), { [TOKEN.id]: '6@fallback' })
    assert.deepEqual(errors, ['primary: down'])
  })

  it('serves a price from the cache while fresh, without asking again', async () => {
    const time = clock()
    const primary = fakeProvider('primary', { [TOKEN.id]: 5 })
    const service = new PriceService({ providers: [primary], freshMs: 60_000, staleMs: 600_000, now: time.now })
    await service.prices([TOKEN])
    time.advance(59_999)
    primary.table[TOKEN.id] = 9
    assert.deepEqual(usd(await service.prices([TOKEN])), { [TOKEN.id]: '5@primary' })
    assert.equal(primary.calls.length, 1)
  })

  it('remembers "unknown" while fresh too (no call per request for a token nobody prices)', async () => {
    const time = clock()
    const primary = fakeProvider('primary', {})
    const service = new PriceService({ providers: [primary], now: time.now })
    await service.prices([TOKEN])
    await service.prices([TOKEN])
    assert.equal(primary.calls.length, 1)
  })

  it('stale-while-revalidate: an old price is served at once while one refresh runs; past the stale window the caller waits', async () => {
    const time = clock()
    const primary = fakeProvider('primary', { [TOKEN.id]: 5 })
    const service = new PriceService({ providers: [primary], freshMs: 60_000, staleMs: 600_000, now: time.now })
    await service.prices([TOKEN])
    time.advance(60_001)
    primary.table[TOKEN.id] = 6
    primary.hold()
    // Two callers while the refresh is held: both get the stale price at once, one refresh runs.
    assert.deepEqual(usd(await service.prices([TOKEN])), { [TOKEN.id]: '5@primary' })
    assert.deepEqual(usd(await service.prices([TOKEN])), { [TOKEN.id]: '5@primary' })
    assert.equal(primary.calls.length, 2)
    primary.release()
    await service.idle()
    assert.deepEqual(usd(await service.prices([TOKEN])), { [TOKEN.id]: '6@primary' })
    // Past the stale window, the answer waits for the source.
    time.advance(600_001)
    primary.table[TOKEN.id] = 7
    assert.deepEqual(usd(await service.prices([TOKEN])), { [TOKEN.id]: '7@primary' })
    assert.equal(primary.calls.length, 3)
  })

  it('a failed refresh keeps serving the old price within the stale window, then none', async () => {
    const time = clock()
    const primary = fakeProvider('primary', { [TOKEN.id]: 5 })
    const service = new PriceService({ providers: [primary], freshMs: 60_000, staleMs: 600_000, breaker: { threshold: 100 }, now: time.now })
    await service.prices([TOKEN])
    primary.fail(new PriceProviderError('down'))
    time.advance(120_000)
    assert.deepEqual(usd(await service.prices([TOKEN])), { [TOKEN.id]: '5@primary' })
    await service.idle()
    assert.deepEqual(usd(await service.prices([TOKEN])), { [TOKEN.id]: '5@primary' }, 'still the old one')
    time.advance(600_000)
    assert.deepEqual(usd(await service.prices([TOKEN])), {}, 'too old: unknown, not the old price')
  })

  it('concurrent callers for the same asset share one call', async () => {
    const primary = fakeProvider('primary', { [TOKEN.id]: 5 })
    primary.hold()
    const service = new PriceService({ providers: [primary] })
    const both = Promise.all([service.prices([TOKEN]), service.prices([TOKEN, TOKEN])])
    await new Promise(setImmediate)
    primary.release()
    const [a, b] = await both
    assert.deepEqual([usd(a), usd(b)], [{ [TOKEN.id]: '5@primary' }, { [TOKEN.id]: '5@primary' }])
    assert.equal(primary.calls.length, 1)
  })

  it('the breaker skips a provider after N failures for the cool-down, then tries once again', async () => {
    const time = clock()
    const primary = fakeProvider('primary', { [TOKEN.id]: 5 })
    primary.fail(new PriceProviderError('down', { status: 500 }))
    const fallback = fakeProvider('fallback', {})
    const service = new PriceService({
      providers: [primary, fallback],
      freshMs: 1000,
      staleMs: 1000,
      breaker: { threshold: 2, cooldownMs: 30_000 },
      now: time.now
    })
    for (let i = 0; i < 2; i++) {
      await service.prices([TOKEN])
      time.advance(1001)
    }
    assert.equal(service.isSkipping('primary'), true)
    await service.prices([TOKEN])
    assert.equal(primary.calls.length, 2, 'skipped while open')
    assert.equal(fallback.calls.length, 3, 'the fallback is still asked')
    time.advance(30_000)
    primary.fail(undefined)
    assert.deepEqual(usd(await service.prices([TOKEN])), { [TOKEN.id]: '5@primary' }, 'the trial call after the cool-down')
    assert.equal(service.isSkipping('primary'), false)
  })

  it('bounds the cache: the oldest assets are dropped first', async () => {
    const primary = fakeProvider('primary', { [TOKEN.id]: 5, [OTHER.id]: 6 })
    const service = new PriceService({ providers: [primary], maxEntries: 1 })
    await service.prices([TOKEN])
    await service.prices([OTHER])
    await service.prices([TOKEN])
    assert.deepEqual(primary.calls, [[TOKEN.id], [OTHER.id], [TOKEN.id]])
  })

  describe('a second opinion (crossCheck)', () => {
    /** A primary and an on-chain checker, and what the service tells of disagreements. */
    function checked(
      primaryPrices: Record<string, number>,
      checkPrices: Record<string, number>,
      crossCheck: Partial<NonNullable<ConstructorParameters<typeof PriceService>[0]>['crossCheck']> = {}
    ) {
      const time = clock()
      const primary = fakeProvider('market', primaryPrices)
      const chain = fakeProvider('onchain', checkPrices)
      const told: PriceDeviation[] = []
      const service = new PriceService({
        providers: [primary, chain],
        crossCheck: { provider: 'onchain', ...crossCheck },
        onDeviation: d => told.push(d),
        freshMs: 60_000,
        staleMs: 60_000,
        now: time.now
      })
      return { time, primary, chain, told, service }
    }

    it('within the bound the first price is answered; the checker is asked about it too, and still prices what the first left out', async () => {
      const { service, chain, told } = checked({ [ETH.id]: 3000 }, { [ETH.id]: 2900, [TOKEN.id]: 1 })
      assert.deepEqual(usd(await service.prices([ETH, TOKEN])), { [ETH.id]: '3000@market', [TOKEN.id]: '1@onchain' })
      assert.deepEqual(chain.calls, [[ETH.id, TOKEN.id]])
      assert.deepEqual(told, [])
    })

    it('beyond the bound (default 5%) the asset is unknown, never either number; told once per asset per window, not per request', async () => {
      const { service, primary, told, time } = checked({ [ETH.id]: 3000, [OTHER.id]: 10 }, { [ETH.id]: 2500, [OTHER.id]: 10.4 })
      assert.deepEqual(usd(await service.prices([ETH, OTHER])), { [OTHER.id]: '10@market' }, '3000 vs 2500 is 20% apart; 10 vs 10.4 is within 5%')
      assert.deepEqual(
        told.map(d => [d.assetId, d.quote.usd, d.check.usd, d.deviation, d.answered]),
        [[ETH.id, 3000, 2500, 0.2, 'unknown']]
      )
      assert.equal(describePriceDeviation(told[0]!), `${ETH.id}: market says 3000 USD, onchain says 2500 USD (20.0% apart, more than 5%): answered unknown`)
      // The disagreement is cached like any answer: no call and no log per request.
      assert.deepEqual(usd(await service.prices([ETH])), {})
      assert.equal(primary.calls.length, 1)
      // Asked again after the fresh window, still disagreeing: answered unknown again, told once an hour only.
      for (let minute = 1; minute < 60; minute++) {
        time.advance(60_001)
        assert.deepEqual(usd(await service.prices([ETH])), {})
      }
      assert.equal(told.length, 1)
      time.advance(60_001)
      await service.prices([ETH])
      assert.equal(told.length, 2, 'told again in the next hour')
    })

    it('once they agree again, the price is back', async () => {
      const { service, chain, time } = checked({ [ETH.id]: 3000 }, { [ETH.id]: 2500 })
      assert.deepEqual(usd(await service.prices([ETH])), {})
      chain.table[ETH.id] = 2990
      time.advance(60_001)
      assert.deepEqual(usd(await service.prices([ETH])), { [ETH.id]: '3000@market' })
    })

    it("answer: 'second' answers the checker's price instead; maxDeviation sets the bound", async () => {
      const { service, told } = checked({ [ETH.id]: 3000, [OTHER.id]: 10 }, { [ETH.id]: 2500, [OTHER.id]: 10.4 }, { answer: 'second', maxDeviation: 0.01 })
      assert.deepEqual(usd(await service.prices([ETH, OTHER])), { [ETH.id]: '2500@onchain', [OTHER.id]: '10.4@onchain' })
      assert.deepEqual(
        told.map(d => [d.assetId, d.answered]),
        [
          [ETH.id, 'second'],
          [OTHER.id, 'second']
        ]
      )
    })

    it('a checker that fails leaves the first price unchecked rather than unknown', async () => {
      const { service, chain, told } = checked({ [ETH.id]: 3000 }, { [ETH.id]: 2500 })
      chain.fail(new PriceProviderError('node down'))
      assert.deepEqual(usd(await service.prices([ETH])), { [ETH.id]: '3000@market' })
      assert.deepEqual(told, [])
    })
  })

  describe('with the CoinGecko stand-in', () => {
    let gecko: CoinGeckoStandIn
    before(async () => {
      gecko = await startCoinGeckoStandIn({ coins: { ethereum: 3000 } })
    })
    after(() => gecko.close())

    it("honours a 429's Retry-After: no call until it has passed, whatever the cool-down", async () => {
      gecko.calls.length = 0
      const time = clock()
      gecko.fail({ status: 429, retryAfterSeconds: 120 }, 1)
      const service = new PriceService({
        providers: [new CoinGeckoProvider({ baseUrl: gecko.url })],
        freshMs: 1000,
        staleMs: 1000,
        breaker: { threshold: 5, cooldownMs: 1000 },
        now: time.now
      })
      assert.deepEqual(usd(await service.prices([ETH])), {})
      assert.equal(service.isSkipping('coingecko'), true, 'one 429 opens the breaker')
      time.advance(119_000)
      assert.deepEqual(usd(await service.prices([ETH])), {})
      assert.equal(gecko.calls.length, 1, 'not asked again before Retry-After')
      time.advance(1000)
      assert.deepEqual(usd(await service.prices([ETH])), { [ETH.id]: '3000@coingecko' })
      assert.equal(gecko.calls.length, 2)
    })

    it('a slow provider hits the timeout covering its whole answer, and the answer goes on without it', async () => {
      gecko.fail({ slow: true })
      const fallback = fakeProvider('fallback', { [ETH.id]: 2990 })
      const errors: string[] = []
      const service = new PriceService({
        providers: [new CoinGeckoProvider({ baseUrl: gecko.url }), fallback],
        timeoutMs: 200,
        onError: (_, e) => errors.push(e.message)
      })
      assert.deepEqual(usd(await service.prices([ETH])), { [ETH.id]: '2990@fallback' })
      assert.equal(errors.length, 1)
      assert.match(errors[0]!, /did not answer/)
      gecko.recover()
    })
  })
})

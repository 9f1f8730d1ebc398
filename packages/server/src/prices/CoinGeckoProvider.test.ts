// The CoinGecko provider against the devnet's CoinGecko stand-in (documented shapes and errors).
import { after, before, beforeEach, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { startCoinGeckoStandIn, type CoinGeckoStandIn } from '@wallet-modal/devnet'
import { CoinGeckoProvider } from './CoinGeckoProvider.js'
import { PriceProviderError, parsePriceAssetId, type PriceAsset } from './PriceProvider.js'

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const asset = (id: string): PriceAsset => parsePriceAssetId(id)!
const ETH = asset('eip155:1:native')
const USDC_ON_1 = asset(`eip155:1:${USDC}`)
const UPDATED_S = 1_767_225_600

describe('CoinGeckoProvider (stand-in)', () => {
  let gecko: CoinGeckoStandIn
  before(async () => {
    gecko = await startCoinGeckoStandIn({
      demoKeys: ['demo-key'],
      proKeys: ['pro-key'],
      coins: { ethereum: 3012.5 },
      tokens: { ethereum: { [USDC]: 0.9998 }, base: { [USDC]: 1.0001 } },
      now: () => UPDATED_S * 1000
    })
  })
  after(() => gecko.close())
  beforeEach(() => {
    gecko.recover()
    gecko.calls.length = 0
  })
  const provider = (options: ConstructorParameters<typeof CoinGeckoProvider>[0] = {}) =>
    new CoinGeckoProvider({ baseUrl: gecko.url, apiKey: 'demo-key', ...options })
  const signal = () => AbortSignal.timeout(5000)

  it('prices native coins by coin id and tokens by contract, with their update time', async () => {
    const quotes = await provider().prices([ETH, USDC_ON_1, asset(`eip155:8453:${USDC}`)], signal())
    assert.deepEqual(Object.fromEntries(quotes), {
      'eip155:1:native': { usd: 3012.5, source: 'coingecko', at: UPDATED_S * 1000 },
      [`eip155:1:${USDC.toLowerCase()}`]: { usd: 0.9998, source: 'coingecko', at: UPDATED_S * 1000 },
      [`eip155:8453:${USDC.toLowerCase()}`]: { usd: 1.0001, source: 'coingecko', at: UPDATED_S * 1000 }
    })
    const paths = gecko.calls.map(c => c.path).sort()
    assert.deepEqual(paths, ['/api/v3/simple/price', '/api/v3/simple/token_price/base', '/api/v3/simple/token_price/ethereum'])
    const native = gecko.calls.find(c => c.path === '/api/v3/simple/price')!
    assert.deepEqual(native.query, { ids: 'ethereum', vs_currencies: 'usd', include_last_updated_at: 'true' })
    assert.deepEqual(native.key, { kind: 'demo', value: 'demo-key' })
  })

  it('sends a paid key in the pro header', async () => {
    await provider({ apiKey: 'pro-key', pro: true }).prices([ETH], signal())
    assert.deepEqual(gecko.calls[0]!.key, { kind: 'pro', value: 'pro-key' })
  })

  it('leaves out what CoinGecko does not know, and asks nothing for chains it has no ids for', async () => {
    const quotes = await provider().prices([asset('eip155:1:0x000000000000000000000000000000000000dEaD'), asset('eip155:31337:native')], signal())
    assert.equal(quotes.size, 0)
    assert.deepEqual(
      gecko.calls.map(c => c.path),
      ['/api/v3/simple/token_price/ethereum']
    )
  })

  it('knows the chains a configuration adds', async () => {
    gecko.setPrice('0x5FbDB2315678afecb367f032d93F642f64180aa3', 1, 'devnet')
    const quotes = await provider({ networks: { 'eip155:31337': { platform: 'devnet' } } }).prices(
      [asset('eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3')],
      signal()
    )
    assert.equal(quotes.get('eip155:31337:0x5fbdb2315678afecb367f032d93f642f64180aa3')?.usd, 1)
  })

  it('a refused key is a permanent failure (401)', async () => {
    const error = await provider({ apiKey: 'wrong' })
      .prices([ETH], signal())
      .catch(e => e)
    assert.ok(error instanceof PriceProviderError)
    assert.equal(error.options.status, 401)
    assert.equal(error.options.permanent, true)
    assert.doesNotMatch(error.message, /wrong/, 'the key never appears in messages')
  })

  it("a rate limit (429) carries the answer's Retry-After", async () => {
    gecko.fail({ status: 429, retryAfterSeconds: 42 })
    const error = await provider()
      .prices([ETH], signal())
      .catch(e => e)
    assert.ok(error instanceof PriceProviderError)
    assert.deepEqual(error.options, { status: 429, retryAfterMs: 42_000 })
  })

  it('server errors (500, 503) are failures', async () => {
    for (const status of [500, 503] as const) {
      gecko.fail({ status }, 1)
      const error = await provider()
        .prices([ETH], signal())
        .catch(e => e)
      assert.ok(error instanceof PriceProviderError)
      assert.equal(error.options.status, status)
    }
    assert.equal((await provider().prices([ETH], signal())).size, 1, 'answers again once the stand-in recovers')
  })

  it("a slow answer is cut by the caller's signal", async () => {
    gecko.fail({ slow: true })
    const error = await provider()
      .prices([ETH], AbortSignal.timeout(200))
      .catch(e => e)
    assert.ok(error instanceof PriceProviderError)
    assert.match(error.message, /did not answer in time/)
  })

  it('a malformed or oversized answer is a failure', async () => {
    let body = JSON.stringify({ ethereum: { usd: 'a lot' } })
    const bad = createServer((_, res) => res.end(body))
    await new Promise<void>(resolve => bad.listen(0, '127.0.0.1', resolve))
    try {
      const odd = new CoinGeckoProvider({ baseUrl: `http://127.0.0.1:${(bad.address() as AddressInfo).port}` })
      await assert.rejects(odd.prices([ETH], signal()), /malformed/)
      body = 'x'.repeat(2 * 1024 * 1024)
      await assert.rejects(odd.prices([ETH], signal()), /exceeds/)
    } finally {
      bad.closeAllConnections()
      bad.close()
    }
  })
})

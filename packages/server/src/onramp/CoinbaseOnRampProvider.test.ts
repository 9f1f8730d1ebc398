// Coinbase Onramp, directly and through /v1/onramp/*, against the devnet's Coinbase stand-in
// (startCoinbaseOnRampStandIn): Coinbase's documented buy options, buy quote and session token
// answers and `Status` errors, accepting only a JWT signed with the operator's CDP key for that
// exact call, and the hosted checkout a session token opens once.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { generateCdpApiKey, startCoinbaseOnRampStandIn, COINBASE_USDC_ID, type CoinbaseOnRampStandIn } from '@wallet-modal/devnet'
import { createServer, parseServerConfig, type WalletModalServer } from '../internal.js'
import { demoServerConfig } from '../config/demoServerConfig.js'
import { getJson, postJson, urlOf } from '../__fixtures__/http.js'
import type { ApiError } from '../http/ApiError.js'
import { CoinbaseOnRampProvider } from './CoinbaseOnRampProvider.js'

const KEY = generateCdpApiKey()
const WALLET = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const QUOTE = { purchaseCurrency: COINBASE_USDC_ID, paymentCurrency: 'USD', amount: '50', network: 'base' }

describe('Coinbase on-ramp provider (Coinbase stand-in)', () => {
  let coinbase: CoinbaseOnRampStandIn
  let server: WalletModalServer
  const provider = (options: { key?: typeof KEY; timeoutMs?: number; apiUrl?: string } = {}) =>
    new CoinbaseOnRampProvider({
      ...(options.key ?? KEY),
      networks: ['eip155:8453'],
      subdivision: 'NY',
      apiUrl: options.apiUrl ?? coinbase.url,
      payUrl: coinbase.url,
      timeoutMs: options.timeoutMs ?? 5000
    })
  const quote = (body: Record<string, unknown> = {}) => postJson(urlOf(server.url, '/v1/onramp/quote'), { ...QUOTE, ...body })

  before(async () => {
    coinbase = await startCoinbaseOnRampStandIn({ keys: [KEY] })
    const config = demoServerConfig({ chains: [{ chainId: 31337, name: 'Devnet', rpcUrl: 'http://127.0.0.1:1' }], tokens: { DUSD: WALLET, USDT: WALLET } })
    config.history = { enabled: false }
    config.onramp = { providers: [{ coinbase: { ...KEY, networks: ['eip155:8453'], subdivision: 'NY', apiUrl: coinbase.url, payUrl: coinbase.url } }] }
    server = await createServer({ config: parseServerConfig(config), upstreamTimeoutMs: 1500 })
  })
  after(async () => {
    await server?.close()
    await coinbase?.close()
  })

  it("lists Coinbase with its options in the wire's shapes (card and bank; other methods left out), asked with a JWT for that call", async () => {
    const { status, body } = await getJson(urlOf(server.url, '/v1/onramp/options'))
    assert.equal(status, 200, JSON.stringify(body))
    assert.deepEqual(body.providers, [{ id: 'coinbase', name: 'Coinbase', feeRange: '1-2%', networks: ['eip155:8453'] }])
    assert.deepEqual(body.paymentCurrencies, [
      {
        id: 'USD',
        payment_method_limits: [
          { id: 'card', min: '2', max: '500' },
          { id: 'bank', min: '2', max: '25000' }
        ]
      }
    ])
    assert.deepEqual(body.purchaseCurrencies[0].networks[0], {
      name: 'base',
      display_name: 'Base',
      chain_id: '8453',
      contract_address: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913'
    })
    const asked = coinbase.calls.find(c => c.path === '/onramp/v1/buy/options')!
    assert.deepEqual(asked.query, { country: 'US', subdivision: 'NY' })
    assert.deepEqual(
      [asked.claims?.sub, asked.claims?.iss, asked.claims?.aud, asked.claims?.uris],
      [KEY.keyId, 'cdp', ['cdp_service'], [`GET ${new URL(coinbase.url).host}/onramp/v1/buy/options`]]
    )
  })

  it("quotes through Coinbase's buy quote, with its fee as the provider's, in the documented request", async () => {
    const { status, body } = await quote()
    assert.equal(status, 200, JSON.stringify(body))
    assert.deepEqual(
      { ...body.quote, quoteId: 'q' },
      {
        purchaseAmount: { amount: '48.740000', currency: 'USDC' },
        paymentSubtotal: { amount: '48.74', currency: 'USD' },
        paymentTotal: { amount: '50.00', currency: 'USD' },
        networkFee: { amount: '0.01', currency: 'USD' },
        providerFee: { amount: '1.25', currency: 'USD' },
        quoteId: 'q'
      }
    )
    assert.deepEqual(coinbase.calls.at(-1)!.body, {
      purchaseCurrency: COINBASE_USDC_ID,
      purchaseNetwork: 'base',
      paymentAmount: '50.00',
      paymentCurrency: 'USD',
      paymentMethod: 'CARD',
      country: 'US',
      subdivision: 'NY'
    })
    const bank = await quote({ amount: '100.5', paymentMethod: 'bank' })
    assert.equal(bank.status, 200, JSON.stringify(bank.body))
    assert.deepEqual([(coinbase.calls.at(-1)!.body as any).paymentMethod, (coinbase.calls.at(-1)!.body as any).paymentAmount], ['ACH_BANK_ACCOUNT', '100.50'])
    coinbase.fail({ status: 400, message: 'Quote unavailable for this amount' }, 1, 'buy/quote')
    assert.deepEqual(await quote().then(r => [r.status, r.body.reason]), [400, 'Coinbase: Quote unavailable for this amount'])
  })

  it('reads answers written in camelCase (the OpenAPI examples) as well, and signs with an ECDSA key too', async () => {
    const ec = generateCdpApiKey('ecdsa')
    const camel = await startCoinbaseOnRampStandIn({ keys: [ec], casing: 'camel' })
    try {
      const q = await provider({ key: ec, apiUrl: camel.url }).quote({ ...QUOTE, paymentMethod: 'card' })
      assert.deepEqual(
        [q.paymentTotal, q.providerFee, q.purchaseAmount],
        [
          { amount: '50.00', currency: 'USD' },
          { amount: '1.25', currency: 'USD' },
          { amount: '48.740000', currency: 'USDC' }
        ]
      )
      assert.equal((await provider({ key: ec, apiUrl: camel.url }).options()).purchaseCurrencies[0]!.networks[0]!.chain_id, '8453')
    } finally {
      await camel.close()
    }
  })

  it("opens Coinbase's hosted checkout with a session token for the wallet and the visitor's address, usable once", async () => {
    const { status, body } = await postJson(urlOf(server.url, '/v1/generators/onrampurl'), {
      destinationWallets: [{ address: WALLET, blockchains: ['base'], assets: ['USDC'] }],
      defaultNetwork: 'base',
      partnerUserId: WALLET,
      defaultExperience: 'buy',
      presetFiatAmount: '50',
      fiatCurrency: 'USD',
      paymentMethod: 'card'
    })
    assert.equal(status, 200, JSON.stringify(body))
    const url = new URL(body.url)
    assert.equal(url.origin + url.pathname, `${coinbase.url}/buy/select-asset`)
    const { sessionToken, ...params } = Object.fromEntries(url.searchParams)
    assert.ok(sessionToken)
    assert.deepEqual(params, {
      defaultNetwork: 'base',
      partnerUserRef: WALLET,
      defaultExperience: 'buy',
      presetFiatAmount: '50',
      fiatCurrency: 'USD',
      defaultPaymentMethod: 'CARD'
    })
    assert.deepEqual(coinbase.calls.at(-1)!.body, { addresses: [{ address: WALLET, blockchains: ['base'] }], assets: ['USDC'], clientIp: '127.0.0.1' })
    const page = await fetch(url)
    assert.equal(page.status, 200)
    assert.match(await page.text(), new RegExp(`${WALLET} on base`))
    assert.equal(coinbase.checkouts.at(-1)!.clientIp, '127.0.0.1')
    assert.equal((await fetch(url)).status, 400)
  })

  it('turns a refused key, the rate limit and server errors into clear answers', async () => {
    await assert.rejects(
      provider({ key: generateCdpApiKey() }).options(),
      (e: ApiError) => e.status === 502 && e.reason === "Coinbase refused this server's credentials (HTTP 401)"
    )
    coinbase.fail({ status: 429 }, 1, 'buy/quote')
    assert.deepEqual(await quote().then(r => [r.status, r.body.error, r.body.reason]), [
      429,
      'rate_limited',
      'Coinbase is rate-limiting this server; try again in a moment'
    ])
    coinbase.fail({ status: 500 }, 1, 'buy/quote')
    assert.deepEqual(await quote().then(r => [r.status, r.body.reason]), [502, 'Coinbase answered HTTP 500'])
    coinbase.fail({ status: 503 }, 1, 'buy/quote')
    assert.deepEqual(await quote().then(r => [r.status, r.body.reason]), [502, 'Coinbase answered HTTP 503'])
    coinbase.fail({ status: 404 }, 1, 'token')
    await assert.rejects(
      provider().checkoutUrl({ address: WALLET, networks: ['base'], assets: ['USDC'], defaultNetwork: 'base', partnerUserId: WALLET, clientIp: '203.0.113.7' }),
      (e: ApiError) => e.status === 400 && e.reason === 'Coinbase: not found'
    )
  })

  it('times out a silent or stalling answer, and refuses a garbage or oversized one', async () => {
    coinbase.fail({ slow: 'headers' }, 1, 'buy/quote')
    assert.deepEqual(await quote().then(r => [r.status, r.body.reason]), [504, 'Coinbase did not answer within 1500 ms'])
    coinbase.fail({ slow: 'body' }, 1, 'buy/options')
    await assert.rejects(provider({ timeoutMs: 300 }).options(), (e: ApiError) => e.status === 504 && e.reason === 'Coinbase did not answer within 300 ms')
    coinbase.fail({ malformed: 'garbage' }, 1, 'buy/quote')
    assert.deepEqual(await quote().then(r => [r.status, r.body.reason]), [502, 'Coinbase gave a malformed answer'])
    coinbase.fail({ malformed: 'oversized' }, 1, 'token')
    await assert.rejects(
      provider().checkoutUrl({ address: WALLET, networks: ['base'], assets: ['USDC'], defaultNetwork: 'base', partnerUserId: WALLET, clientIp: '203.0.113.7' }),
      (e: ApiError) => e.status === 502 && e.reason === 'Coinbase answer exceeds 1048576 bytes'
    )
    coinbase.recover()
  })

  it('takes a base64 Ed25519 or PEM EC key secret in the configuration, and refuses anything else', () => {
    const config = demoServerConfig({ chains: [{ chainId: 31337, name: 'Devnet', rpcUrl: 'http://127.0.0.1:1' }], tokens: { DUSD: WALLET, USDT: WALLET } })
    config.onramp = { providers: [{ coinbase: { ...generateCdpApiKey('ecdsa'), networks: ['eip155:8453'] } }] }
    assert.doesNotThrow(() => parseServerConfig(config))
    config.onramp = { providers: [{ coinbase: { keyId: KEY.keyId, keySecret: 'not-a-key', networks: ['eip155:8453'] } }] }
    assert.throws(() => parseServerConfig(config), /keySecret/)
  })
})

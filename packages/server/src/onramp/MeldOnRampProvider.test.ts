// Meld, directly and through /v1/onramp/*, against the devnet's Meld stand-in (startMeldStandIn):
// Meld's documented service-provider searches, quotes from several service providers, widget
// sessions, transactions and signed webhook events, its error body, and each failure the route
// must turn into a clear answer.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { startMeldStandIn, meldWebhookSignature, type MeldStandIn, findFreePort } from '@wallet-modal/devnet'
import { createServer, parseServerConfig, type WalletModalServer } from '../internal.js'
import { demoServerConfig } from '../config/demoServerConfig.js'
import { getJson, postJson, urlOf } from '../__fixtures__/http.js'
import type { ApiError } from '../http/ApiError.js'
import { MeldOnRampProvider, MELD_VERSION, MELD_WIDGET_ORIGIN, MELD_SANDBOX_WIDGET_ORIGIN } from './MeldOnRampProvider.js'
import { OnRampPurchases } from './OnRampPurchases.js'
import { verifyMeldSignature } from './MeldWebhook.js'

const KEY = 'W9kZTT7332okCEc1A9aqAq:3sYKoXQv6oHVHSts7G2agw9vTCXz'
const WALLET = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const NETWORKS = ['eip155:8453', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp']
const SECRET = 'meld-webhook-profile-secret'
const QUOTE = { purchaseCurrency: 'USDC_BASE', paymentCurrency: 'USD', amount: '50', network: 'base' }
const CHECKOUT = {
  destinationWallets: [{ address: WALLET, blockchains: ['base'], assets: ['USDC_BASE'] }],
  defaultNetwork: 'base',
  partnerUserId: WALLET,
  defaultExperience: 'buy',
  presetFiatAmount: '50',
  fiatCurrency: 'USD',
  paymentMethod: 'card'
}

describe('Meld on-ramp provider (Meld stand-in)', () => {
  let meld: MeldStandIn
  let server: WalletModalServer
  const provider = (options: { apiKey?: string; timeoutMs?: number; widgetOrigin?: string } = {}) =>
    new MeldOnRampProvider({
      apiKey: options.apiKey ?? KEY,
      networks: NETWORKS,
      baseUrl: meld.url,
      ...(options.widgetOrigin ? { widgetOrigin: options.widgetOrigin } : {}),
      timeoutMs: options.timeoutMs ?? 5000
    })
  const quote = (body: Record<string, unknown> = {}) => postJson(urlOf(server.url, '/v1/onramp/quote'), { ...QUOTE, ...body })
  let webhookUrl = ''

  before(async () => {
    meld = await startMeldStandIn({ apiKeys: [KEY] })
    const config = demoServerConfig({ chains: [{ chainId: 31337, name: 'Devnet', rpcUrl: 'http://127.0.0.1:1' }], tokens: { DUSD: WALLET, USDT: WALLET } })
    config.history = { enabled: false }
    // The webhook URL Meld signs names this server's port: chosen before it listens.
    const port = await findFreePort()
    webhookUrl = `http://127.0.0.1:${port}/v1/onramp/webhook/meld`
    config.onramp = { providers: [{ meld: { apiKey: KEY, networks: NETWORKS, baseUrl: meld.url, webhook: { secret: SECRET, url: webhookUrl } } }] }
    server = await createServer({ config: parseServerConfig(config), port, upstreamTimeoutMs: 1500 })
  })
  after(async () => {
    await server?.close()
    await meld?.close()
  })

  it("lists Meld with what its service providers sell on this site's networks and their limits by card and bank, asked as documented", async () => {
    const { status, body } = await getJson(urlOf(server.url, '/v1/onramp/options'))
    assert.equal(status, 200, JSON.stringify(body))
    assert.deepEqual(body.providers, [{ id: 'meld', name: 'Meld', feeRange: '1-2%', networks: NETWORKS }])
    // Base and Solana only (Ethereum is not among the networks sold here); one network per Meld code.
    assert.deepEqual(body.purchaseCurrencies, [
      {
        id: 'USDC_BASE',
        name: 'USD Coin',
        symbol: 'USDC',
        networks: [{ name: 'base', display_name: 'Base', chain_id: '8453', contract_address: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913' }]
      },
      { id: 'ETH_BASE', name: 'Ethereum', symbol: 'ETH', networks: [{ name: 'base', display_name: 'Base', chain_id: '8453', contract_address: '' }] },
      {
        id: 'SOL_SOLANA',
        name: 'Solana',
        symbol: 'SOL',
        networks: [{ name: 'solana', display_name: 'Solana', chain_id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', contract_address: '' }]
      }
    ])
    assert.deepEqual(body.paymentCurrencies, [
      {
        id: 'USD',
        payment_method_limits: [
          { id: 'card', min: '20', max: '5000' },
          { id: 'bank', min: '10', max: '25000' }
        ]
      }
    ])
    const searches = meld.calls.filter(c => c.path.startsWith('/service-providers/'))
    assert.deepEqual(searches.map(c => c.path).sort(), [
      '/service-providers/limits/fiat-currency-purchases',
      '/service-providers/limits/fiat-currency-purchases',
      '/service-providers/properties/crypto-currencies',
      '/service-providers/properties/fiat-currencies',
      '/service-providers/properties/payment-methods'
    ])
    assert.ok(
      searches.every(
        c =>
          c.authorized && c.version === MELD_VERSION && c.query.countries === 'US' && c.query.categories === 'CRYPTO_ONRAMP' && c.query.accountFilter === 'true'
      )
    )
    assert.deepEqual(
      searches.filter(c => c.path.includes('limits')).map(c => c.query.paymentMethodTypes),
      ['CREDIT_DEBIT_CARD', 'ACH']
    )
  })

  it("quotes the best of Meld's service providers, with every fee in the route's fields and the provider named", async () => {
    const { status, body } = await quote({ paymentMethod: 'card' })
    assert.equal(status, 200, JSON.stringify(body))
    // Transak gives 48.20 USDC for 50 (2.5% fee, a 0.50 partner fee, 0.05 network fee); MoonPay 48.00.
    assert.deepEqual(
      { ...body.quote, quoteId: 'q' },
      {
        purchaseAmount: { amount: '48.2', currency: 'USDC' },
        paymentSubtotal: { amount: '48.20', currency: 'USD' },
        paymentTotal: { amount: '50.00', currency: 'USD' },
        networkFee: { amount: '0.05', currency: 'USD' },
        providerFee: { amount: '1.75', currency: 'USD' },
        quoteId: 'q'
      }
    )
    assert.match(body.quote.quoteId, /^TRANSAK:[0-9a-f]{16}$/)
    assert.deepEqual(meld.calls.at(-1)!.body, {
      countryCode: 'US',
      sourceCurrencyCode: 'USD',
      destinationCurrencyCode: 'USDC_BASE',
      sourceAmount: 50,
      paymentMethodType: 'CREDIT_DEBIT_CARD'
    })
    // By bank: Meld's ACH in the US, where Banxa is best.
    const bank = await quote({ amount: '1000.5', paymentMethod: 'bank' })
    assert.equal(bank.status, 200, JSON.stringify(bank.body))
    assert.deepEqual(
      [(meld.calls.at(-1)!.body as any).paymentMethodType, (meld.calls.at(-1)!.body as any).sourceAmount, bank.body.quote.quoteId.split(':')[0]],
      ['ACH', 1000.5, 'BANXA']
    )
    const eth = await quote({ purchaseCurrency: 'ETH_BASE', amount: '3000' })
    // 3000 - 2.5% (75.00) - 0.50 - 0.05 at 3000: 0.97481666 ETH.
    assert.deepEqual([eth.body.quote.purchaseAmount, eth.body.quote.providerFee.amount], [{ amount: '0.97481666', currency: 'ETH' }, '75.50'])
    // The route's own checks come first: Meld's limits, and what it sells here.
    assert.deepEqual(await quote({ amount: '9000' }).then(r => [r.status, r.body.reason]), [400, 'Amount must be between 20.00 and 5,000.00 USD'])
    assert.deepEqual(await quote({ purchaseCurrency: 'ETH' }).then(r => [r.status, r.body.reason]), [400, 'Meld does not sell ETH'])
  })

  it("turns Meld's 400 into the route's 400 with Meld's own errors", async () => {
    meld.fail({ status: 400, errors: ['[sourceAmount] Must be a decimal value greater than zero'] }, 1, 'quote')
    assert.deepEqual(await quote().then(r => [r.status, r.body.error, r.body.reason]), [
      400,
      'bad_request',
      'Meld: [sourceAmount] Must be a decimal value greater than zero'
    ])
    meld.fail({ status: 400, errors: ['[countryCode] must not be blank', '[sourceCurrencyCode] must not be blank'] }, 1, 'widget')
    assert.deepEqual(await postJson(urlOf(server.url, '/v1/generators/onrampurl'), CHECKOUT).then(r => [r.status, r.body.reason]), [
      400,
      'Meld: [countryCode] must not be blank; [sourceCurrencyCode] must not be blank'
    ])
    // A refusal of Meld's own (the stand-in's wording), through the provider itself.
    await assert.rejects(
      provider().quote({ ...QUOTE, amount: '100000' }),
      (e: ApiError) => e.status === 400 && e.reason === 'Meld: [sourceAmount] must be between 20 and 5000 USD'
    )
  })

  it("opens Meld's widget on the best quote's service provider for the visitor's wallet, and only on the widget's origin", async () => {
    const { status, body } = await postJson(urlOf(server.url, '/v1/generators/onrampurl'), CHECKOUT)
    assert.equal(status, 200, JSON.stringify(body))
    const url = new URL(body.url)
    assert.equal(url.origin, meld.url)
    assert.deepEqual(meld.calls.at(-1)!.body, {
      sessionType: 'BUY',
      sessionData: {
        walletAddress: WALLET,
        countryCode: 'US',
        sourceCurrencyCode: 'USD',
        sourceAmount: '50',
        destinationCurrencyCode: 'USDC_BASE',
        serviceProvider: 'TRANSAK',
        paymentMethodType: 'CREDIT_DEBIT_CARD'
      },
      externalCustomerId: WALLET
    })
    const page = await fetch(url)
    assert.equal(page.status, 200)
    assert.match(await page.text(), new RegExp(`Buy USDC_BASE with TRANSAK.*${WALLET}`))
    // Without an amount: Meld's default 100.
    const plain = await postJson(urlOf(server.url, '/v1/generators/onrampurl'), { ...CHECKOUT, presetFiatAmount: undefined, paymentMethod: undefined })
    assert.equal(plain.status, 200, JSON.stringify(plain.body))
    assert.equal((meld.calls.at(-1)!.body as any).sessionData.sourceAmount, '100')
    // A widget URL elsewhere than the configured widget origin is refused.
    await assert.rejects(
      provider({ widgetOrigin: 'https://meldcrypto.com' }).checkoutUrl({
        address: WALLET,
        networks: ['base'],
        assets: ['USDC_BASE'],
        defaultNetwork: 'base',
        partnerUserId: WALLET
      }),
      (e: ApiError) => e.status === 502 && e.reason === 'Meld answered a widget URL on another origin'
    )
  })

  it("knows Meld's widget origins for its production and sandbox hosts", () => {
    assert.equal(new MeldOnRampProvider({ apiKey: KEY, networks: NETWORKS, timeoutMs: 1 }).checkoutOrigin, MELD_WIDGET_ORIGIN)
    assert.equal(
      new MeldOnRampProvider({ apiKey: KEY, networks: NETWORKS, baseUrl: 'https://api-sb.meld.io', timeoutMs: 1 }).checkoutOrigin,
      MELD_SANDBOX_WIDGET_ORIGIN
    )
    assert.equal(
      new MeldOnRampProvider({ apiKey: KEY, networks: NETWORKS, baseUrl: 'https://proxy.example/meld', widgetOrigin: 'https://widget.example', timeoutMs: 1 })
        .checkoutOrigin,
      'https://widget.example'
    )
  })

  it('turns refused credentials, the rate limit and server errors into clear answers', async () => {
    await assert.rejects(
      provider({ apiKey: 'not:the-key' }).options(),
      (e: ApiError) => e.status === 502 && e.reason === "Meld refused this server's credentials (HTTP 401)"
    )
    meld.fail({ status: 401 }, 1, 'quote')
    assert.deepEqual(await quote().then(r => [r.status, r.body.reason]), [502, "Meld refused this server's credentials (HTTP 401)"])
    meld.fail({ status: 403 }, 1, 'quote')
    assert.deepEqual(await quote().then(r => [r.status, r.body.reason]), [502, "Meld refused this server's credentials (HTTP 403)"])
    meld.fail({ status: 429 }, 1, 'quote')
    assert.deepEqual(await quote().then(r => [r.status, r.body.error, r.body.reason]), [
      429,
      'rate_limited',
      'Meld is rate-limiting this server; try again in a moment'
    ])
    for (const status of [500, 502, 503, 504] as const) {
      meld.fail({ status }, 1, 'quote')
      assert.deepEqual(await quote().then(r => [r.status, r.body.reason]), [502, `Meld answered HTTP ${status}`])
    }
    meld.fail({ status: 503 }, 1, 'widget')
    assert.deepEqual(await postJson(urlOf(server.url, '/v1/generators/onrampurl'), CHECKOUT).then(r => [r.status, r.body.reason]), [
      502,
      'Meld answered HTTP 503'
    ])
  })

  it('times out a silent or stalling answer, and refuses a garbage or oversized one', async () => {
    meld.fail({ slow: 'headers' }, 1, 'quote')
    assert.deepEqual(await quote().then(r => [r.status, r.body.reason]), [504, 'Meld did not answer within 1500 ms'])
    meld.fail({ slow: 'body' }, 1, 'crypto-currencies')
    await assert.rejects(provider({ timeoutMs: 300 }).options(), (e: ApiError) => e.status === 504 && e.reason === 'Meld did not answer within 300 ms')
    meld.fail({ malformed: 'garbage' }, 1, 'quote')
    assert.deepEqual(await quote().then(r => [r.status, r.body.reason]), [502, 'Meld gave a malformed answer'])
    meld.fail({ malformed: 'oversized' }, 1, 'widget')
    assert.deepEqual(await postJson(urlOf(server.url, '/v1/generators/onrampurl'), CHECKOUT).then(r => [r.status, r.body.reason]), [
      502,
      'Meld answer exceeds 1048576 bytes'
    ])
    meld.recover()
  })

  it("checks Meld's webhook signature (the reference's example), and records a settled purchase read back from Meld", async () => {
    const example =
      '{"eventType":"WEBHOOK_TEST","eventId":"GDtv8pQgwzc9HuFFBQFrww","timestamp":"2022-05-26T20:23:45.908400Z","accountId":"W9jpQc1HKvwscqMPcLmzUS","profileId":null,"version":"2021-10-27","payload":{"requestId":"7aWW1GXTjWCCtNubzvVX7V"}}'
    const at = Date.parse('2022-05-26T20:25:17.682818Z')
    const check = (signature: string, now = at, url = 'https://example.meld.io/webhooks') =>
      verifyMeldSignature('42m4NMLS34WQ6BbMfo1KFKqMv4hy', url, signature, '2022-05-26T20:25:17.682818Z', example, now)
    assert.equal(check('O4bN5E0U9s88l2DFc0kjt-0w3LLA3Zkv8hXhafc22Hg='), true)
    assert.equal(check('O4bN5E0U9s88l2DFc0kjt-0w3LLA3Zkv8hXhafc22Hh='), false)
    assert.equal(check('O4bN5E0U9s88l2DFc0kjt-0w3LLA3Zkv8hXhafc22Hg=', at, 'https://elsewhere.example/webhooks'), false)
    assert.equal(check('O4bN5E0U9s88l2DFc0kjt-0w3LLA3Zkv8hXhafc22Hg=', at + 10 * 60_000), false, 'a stale event is refused')

    // This server's own profile.
    const send = (body: string, headers: Record<string, string>) =>
      fetch(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body })
    const signed = (body: string, secret = SECRET) => {
      const timestamp = new Date().toISOString()
      return { 'meld-signature': meldWebhookSignature(secret, timestamp, webhookUrl, body), 'meld-signature-timestamp': timestamp }
    }
    const test = JSON.stringify({ eventType: 'WEBHOOK_TEST', eventId: 'e1', payload: { requestId: 'r' } })
    assert.equal((await send(test, signed(test, 'another-profile-secret'))).status, 401)
    assert.equal((await send(test, {})).status, 401)
    assert.equal((await send(test, signed(test))).status, 204, 'other events are acknowledged')

    // A purchase through the widget, settled at Meld, reported by its signed event.
    const checkout = await postJson(urlOf(server.url, '/v1/generators/onrampurl'), CHECKOUT)
    assert.equal(checkout.status, 200)
    const session = meld.sessions.at(-1)!
    const txHash = `0x${'ef'.repeat(32)}`
    const { delivered, transaction } = await meld.completePurchase(session.id, txHash, { url: webhookUrl, secret: SECRET })
    assert.equal(delivered, 204)
    assert.deepEqual([...(await new OnRampPurchases(server.store).providersOf([{ chainId: 'eip155:8453', txHash }]))], [[`eip155:8453|${txHash}`, 'meld']])
    assert.equal(meld.calls.at(-1)!.path, `/payments/transactions/${transaction.id}`)
    // Signed for another URL (a profile pointing elsewhere): refused.
    const event = JSON.stringify({
      eventType: 'TRANSACTION_CRYPTO_COMPLETE',
      eventId: 'e2',
      payload: { paymentTransactionId: transaction.id, paymentTransactionStatus: 'SETTLED' }
    })
    const timestamp = new Date().toISOString()
    assert.equal(
      (
        await send(event, {
          'meld-signature': meldWebhookSignature(SECRET, timestamp, 'https://elsewhere.example/hook', event),
          'meld-signature-timestamp': timestamp
        })
      ).status,
      401
    )
    assert.equal((await send(event, signed(event))).status, 204, 'a repeated event changes nothing')
    // Meld down while the transaction is read: an error, so Meld sends the event again.
    meld.fail({ status: 503 }, 1, 'transaction')
    assert.equal((await send(event, signed(event))).status, 502)
    const malformed = '{"eventType":"TRANSACTION_CRYPTO_COMPLETE","payload":{}}'
    assert.equal((await send(malformed, signed(malformed))).status, 400)
  })

  it('reads a purchase only when Meld settled it on a network sold here', async () => {
    await postJson(urlOf(server.url, '/v1/generators/onrampurl'), {
      ...CHECKOUT,
      destinationWallets: [{ address: WALLET, blockchains: ['base'], assets: ['ETH_BASE'] }]
    })
    // 50 USD by card through Transak: 48.20 USD of ETH at 3000.
    const { transaction } = await meld.completePurchase(meld.sessions.at(-1)!.id, `0x${'12'.repeat(32)}`)
    assert.deepEqual(await provider().purchase(transaction.id), {
      provider: 'meld',
      chainId: 'eip155:8453',
      txHash: `0x${'12'.repeat(32)}`,
      address: WALLET,
      asset: 'ETH',
      amount: '0.01606666',
      fiatAmount: '50.00',
      fiatCurrency: 'USD'
    })
    const baseOnly = new MeldOnRampProvider({ apiKey: KEY, networks: ['eip155:1'], baseUrl: meld.url, timeoutMs: 5000 })
    assert.equal(await baseOnly.purchase(transaction.id), undefined)
    assert.equal(await provider().purchase('../../etc'), undefined)
  })

  it('takes a meld entry in the configuration, and refuses a key with "BASIC " or a widget origin with a path', () => {
    const config = demoServerConfig({ chains: [{ chainId: 31337, name: 'Devnet', rpcUrl: 'http://127.0.0.1:1' }], tokens: { DUSD: WALLET, USDT: WALLET } })
    config.onramp = {
      providers: [
        { meld: { apiKey: KEY, networks: ['eip155:8453'], baseUrl: 'https://api-sb.meld.io', countryCode: 'DE', widgetOrigin: 'https://sb.meldcrypto.com' } }
      ]
    }
    assert.doesNotThrow(() => parseServerConfig(config))
    config.onramp = { providers: [{ meld: { apiKey: `BASIC ${KEY}`, networks: ['eip155:8453'] } }] }
    assert.throws(() => parseServerConfig(config), /apiKey/)
    config.onramp = { providers: [{ meld: { apiKey: KEY, networks: ['eip155:8453'], widgetOrigin: 'https://meldcrypto.com/widget' } }] }
    assert.throws(() => parseServerConfig(config), /an origin/)
  })
})

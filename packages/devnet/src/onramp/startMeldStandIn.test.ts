// The Meld stand-in, called as Meld's reference says: `Authorization: BASIC <key>`, the documented
// searches, quote and widget bodies, Meld's error body, and signed webhook events.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { meldWebhookSignature, startMeldStandIn, type MeldStandIn } from './startMeldStandIn.js'

const KEY = 'W9kZTT7332okCEc1A9aqAq:3sYKoXQv6oHVHSts7G2agw9vTCXz'
const WALLET = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const QUOTE = { countryCode: 'US', sourceCurrencyCode: 'USD', destinationCurrencyCode: 'USDC_BASE', sourceAmount: 50, paymentMethodType: 'CREDIT_DEBIT_CARD' }

describe('Meld stand-in', () => {
  let meld: MeldStandIn
  /** Calls the stand-in with the key (or `authorization` instead). */
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}, base?: string) => {
    const response = await fetch(new URL(path, base ?? meld.url), {
      method,
      headers: { authorization: `BASIC ${KEY}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body)
    })
    return { status: response.status, version: response.headers.get('meld-version'), body: (await response.json()) as any }
  }

  before(async () => {
    meld = await startMeldStandIn({ apiKeys: [KEY] })
  })
  after(() => meld?.close())

  it('answers the service-provider searches in the documented shapes, filtered as asked', async () => {
    const crypto = await call('GET', '/service-providers/properties/crypto-currencies?categories=CRYPTO_ONRAMP&accountFilter=true&countries=US')
    assert.equal(crypto.status, 200)
    assert.deepEqual(crypto.body[0], {
      currencyCode: 'USDC_BASE',
      name: 'USD Coin',
      chainCode: 'BASE',
      chainName: 'Base',
      chainId: '8453',
      contractAddress: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
      symbolImageUrl: 'https://images-currency.meld.io/crypto/USDC_BASE/symbol.png'
    })
    assert.deepEqual(
      (await call('GET', '/service-providers/properties/crypto-currencies?cryptoChains=SOLANA')).body.map((c: any) => c.currencyCode),
      ['SOL_SOLANA']
    )
    assert.deepEqual((await call('GET', '/service-providers/properties/fiat-currencies?countries=US')).body, [
      { currencyCode: 'USD', name: 'US Dollar', symbolImageUrl: 'https://images-currency.meld.io/fiat/USD/symbol.png' }
    ])
    const methods = await call('GET', '/service-providers/properties/payment-methods?countries=US')
    assert.deepEqual(
      methods.body.map((m: any) => [m.paymentMethod, m.paymentType]),
      [
        ['CREDIT_DEBIT_CARD', 'CARD'],
        ['APPLE_PAY', 'MOBILE_WALLET'],
        ['ACH', 'BANK_TRANSFER']
      ]
    )
    assert.deepEqual((await call('GET', '/service-providers/limits/fiat-currency-purchases?countries=US&paymentMethodTypes=CREDIT_DEBIT_CARD')).body, [
      { currencyCode: 'USD', defaultAmount: 100, minimumAmount: 20, maximumAmount: 5000 }
    ])
    assert.deepEqual((await call('GET', '/service-providers/limits/fiat-currency-purchases?countries=DE&paymentMethodTypes=SEPA')).body, [
      { currencyCode: 'EUR', defaultAmount: 250, minimumAmount: 10, maximumAmount: 20000 }
    ])
    assert.deepEqual((await call('GET', '/service-providers/properties/countries?countries=DE')).body[0].countryCode, 'DE')
  })

  it('quotes from every service provider that serves the purchase, in JSON numbers, with every fee', async () => {
    const { status, body, version } = await call('POST', '/payments/crypto/quote', QUOTE)
    assert.equal(status, 200, JSON.stringify(body))
    // The account's default version when none is named.
    assert.equal(version, '2023-12-19')
    assert.deepEqual(
      body.quotes.map((q: any) => q.serviceProvider),
      ['TRANSAK', 'MOONPAY']
    )
    // 50 by card at Transak: 2.5% (1.25), a 0.50 partner fee, 0.05 network fee: 48.20 USDC at 1.
    assert.deepEqual(body.quotes[0], {
      transactionType: 'CRYPTO_PURCHASE',
      sourceAmount: 50,
      sourceAmountWithoutFees: 48.2,
      fiatAmountWithoutFees: 48.2,
      destinationAmountWithoutFees: null,
      sourceCurrencyCode: 'USD',
      countryCode: 'US',
      totalFee: 1.8,
      networkFee: 0.05,
      transactionFee: 1.25,
      partnerFee: 0.5,
      destinationAmount: 48.2,
      destinationCurrencyCode: 'USDC_BASE',
      exchangeRate: 1,
      paymentMethodType: 'CREDIT_DEBIT_CARD',
      customerScore: 40,
      serviceProvider: 'TRANSAK',
      institutionName: null,
      lowKyc: false
    })
    assert.deepEqual([body.message, body.error], [null, null])
    // A type stands for the country's method of that type; Meld-Version is answered back.
    const bank = await call(
      'POST',
      '/payments/crypto/quote',
      { ...QUOTE, paymentMethodType: 'BANK_TRANSFER', sourceAmount: '100' },
      { 'meld-version': '2025-03-04' }
    )
    assert.deepEqual(
      [bank.version, bank.body.quotes.map((q: any) => [q.serviceProvider, q.paymentMethodType])],
      [
        '2025-03-04',
        [
          ['TRANSAK', 'ACH'],
          ['BANXA', 'ACH']
        ]
      ]
    )
    const eth = await call('POST', '/payments/crypto/quote', { ...QUOTE, destinationCurrencyCode: 'ETH', sourceAmount: 3000, serviceProviders: ['MOONPAY'] })
    // 3000 - 3.9% (117) - 2.50 network = 2880.50 at 3000 = 0.96016666 ETH.
    assert.deepEqual(
      eth.body.quotes.map((q: any) => [q.serviceProvider, q.destinationAmount, q.exchangeRate]),
      [['MOONPAY', 0.96016666, 3000]]
    )
    // 50 EUR by SEPA: 1.5% or 1%, the network fee 0.05 USD in EUR (0.05), at 0.92 EUR a USDC.
    const eur = await call('POST', '/payments/crypto/quote', { ...QUOTE, countryCode: 'DE', sourceCurrencyCode: 'EUR', paymentMethodType: 'SEPA' })
    assert.deepEqual(
      eur.body.quotes.map((q: any) => [q.serviceProvider, q.networkFee, q.destinationAmount]),
      [
        ['MOONPAY', 0.05, 53.47826],
        ['BANXA', 0.05, 53.75]
      ]
    )
  })

  it('refuses a bad quote request with Meld\'s error body and its "[field]" errors', async () => {
    const blank = await call('POST', '/payments/crypto/quote', { destinationCurrencyCode: 'USDC_BASE' })
    assert.equal(blank.status, 400)
    assert.deepEqual(
      { ...blank.body, requestId: 'r', timestamp: 't' },
      {
        code: 'BAD_REQUEST',
        message: 'Bad request',
        errors: ['[countryCode] must not be blank', '[sourceCurrencyCode] must not be blank', '[sourceAmount] must not be null'],
        requestId: 'r',
        timestamp: 't'
      }
    )
    assert.match(blank.body.requestId, /^[0-9a-f]{32}$/)
    assert.deepEqual((await call('POST', '/payments/crypto/quote', { ...QUOTE, sourceAmount: 0 })).body.errors, [
      '[sourceAmount] Must be a decimal value greater than zero'
    ])
    assert.deepEqual((await call('POST', '/payments/crypto/quote', { ...QUOTE, sourceAmount: 9000 })).body.errors, [
      '[sourceAmount] must be between 20 and 5000 USD'
    ])
    assert.deepEqual((await call('POST', '/payments/crypto/quote', { ...QUOTE, destinationCurrencyCode: 'DOGE' })).body.errors, [
      '[destinationCurrencyCode] DOGE is not supported'
    ])
    assert.deepEqual((await call('POST', '/payments/crypto/quote', { ...QUOTE, paymentMethodType: 'SEPA' })).body.errors, [
      '[paymentMethodType] SEPA is not available in US'
    ])
  })

  it('takes only `BASIC <key>` with a key it knows: 401 "Invalid credentials" otherwise', async () => {
    const refused = await call('POST', '/payments/crypto/quote', QUOTE, { authorization: 'BASIC someone:else' })
    assert.deepEqual([refused.status, refused.body.code, refused.body.message], [401, 'UNAUTHORIZED', 'Invalid credentials'])
    assert.equal((await call('POST', '/payments/crypto/quote', QUOTE, { authorization: `Bearer ${KEY}` })).status, 401)
    assert.equal((await call('POST', '/payments/crypto/quote', QUOTE, { authorization: `Basic ${KEY}` })).status, 200)
    assert.equal(meld.calls.filter(c => !c.authorized).length, 2)
  })

  it('makes widget sessions whose URL opens the widget page, and settles their purchases with a signed webhook event', async () => {
    const missing = await call('POST', '/crypto/session/widget', { sessionType: 'BUY', sessionData: { countryCode: 'US' } })
    assert.deepEqual(missing.body.errors, [
      '[sessionData.serviceProvider] must be a service provider',
      '[sessionData.walletAddress] must not be blank',
      '[sessionData.destinationCurrencyCode] must be a supported crypto currency'
    ])
    assert.deepEqual((await call('POST', '/crypto/session/widget', { sessionData: {} })).body.errors, ['[sessionType] must be one of BUY, SELL, TRANSFER'])
    const sessionData = {
      walletAddress: WALLET,
      countryCode: 'US',
      sourceCurrencyCode: 'USD',
      sourceAmount: '50',
      destinationCurrencyCode: 'USDC_BASE',
      serviceProvider: 'TRANSAK',
      paymentMethodType: 'CREDIT_DEBIT_CARD'
    }
    const { status, body } = await call('POST', '/crypto/session/widget', {
      sessionType: 'BUY',
      sessionData,
      externalCustomerId: WALLET,
      externalSessionId: 'once'
    })
    assert.equal(status, 200, JSON.stringify(body))
    assert.deepEqual(Object.keys(body).sort(), [
      'customerId',
      'externalCustomerId',
      'externalSessionId',
      'id',
      'serviceProviderWidgetUrl',
      'token',
      'widgetUrl'
    ])
    assert.equal(body.widgetUrl, `${meld.url}/?token=${body.token}`)
    const page = await fetch(body.widgetUrl)
    assert.equal(page.status, 200)
    assert.match(await page.text(), /Buy USDC_BASE with TRANSAK.*0x70997970C51812dc3A010C7d01b50e0d17dc79C8.*50 USD/)
    assert.equal((await fetch(`${meld.url}/?token=nope`)).status, 400)
    // "you must pass in a unique value each time"
    assert.deepEqual((await call('POST', '/crypto/session/widget', { sessionType: 'BUY', sessionData, externalSessionId: 'once' })).body.errors, [
      '[externalSessionId] must be unique'
    ])

    // Settled without a webhook: the transaction is there to read.
    const { transaction } = await meld.completePurchase(body.id, `0x${'ab'.repeat(32)}`)
    const read = await call('GET', `/payments/transactions/${transaction.id}`)
    assert.equal(read.status, 200)
    assert.deepEqual(
      [
        read.body.transaction.status,
        read.body.transaction.destinationAmount,
        read.body.transaction.cryptoDetails.blockchainTransactionId,
        read.body.transaction.cryptoDetails.chainId
      ],
      ['SETTLED', 48.2, `0x${'ab'.repeat(32)}`, '8453']
    )
    assert.equal((await call('GET', '/payments/transactions/unknown')).status, 404)
  })

  it("signs webhook events as Meld does (the reference's own example), and posts them to the profile's URL", async () => {
    const body =
      '{"eventType":"WEBHOOK_TEST","eventId":"GDtv8pQgwzc9HuFFBQFrww","timestamp":"2022-05-26T20:23:45.908400Z","accountId":"W9jpQc1HKvwscqMPcLmzUS","profileId":null,"version":"2021-10-27","payload":{"requestId":"7aWW1GXTjWCCtNubzvVX7V"}}'
    assert.equal(
      meldWebhookSignature('42m4NMLS34WQ6BbMfo1KFKqMv4hy', '2022-05-26T20:25:17.682818Z', 'https://example.meld.io/webhooks', body),
      'O4bN5E0U9s88l2DFc0kjt-0w3LLA3Zkv8hXhafc22Hg='
    )

    const received: { headers: Record<string, string | string[] | undefined>; body: string }[] = []
    const receiver = createServer((req, res) => {
      let text = ''
      req.on('data', chunk => (text += chunk))
      req.on('end', () => {
        received.push({ headers: req.headers, body: text })
        res.writeHead(204).end()
      })
    })
    await new Promise<void>(resolve => receiver.listen(0, '127.0.0.1', resolve))
    const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/v1/onramp/webhook/meld`
    const signed = await startMeldStandIn({ apiKeys: [KEY], webhook: { url: hook, secret: 'a-webhook-profile-secret' } })
    try {
      const session = await call(
        'POST',
        '/crypto/session/widget',
        {
          sessionType: 'BUY',
          sessionData: {
            walletAddress: WALLET,
            countryCode: 'US',
            sourceCurrencyCode: 'USD',
            sourceAmount: 50,
            destinationCurrencyCode: 'ETH_BASE',
            serviceProvider: 'MOONPAY'
          }
        },
        {},
        signed.url
      )
      const { transaction, delivered } = await signed.completePurchase(session.body.id, `0x${'cd'.repeat(32)}`)
      assert.equal(delivered, 204)
      const [event] = received
      const parsed = JSON.parse(event!.body)
      assert.deepEqual(
        [parsed.eventType, parsed.payload.paymentTransactionId, parsed.payload.paymentTransactionStatus],
        ['TRANSACTION_CRYPTO_COMPLETE', transaction.id, 'SETTLED']
      )
      const timestamp = String(event!.headers['meld-signature-timestamp'])
      assert.equal(event!.headers['meld-signature'], meldWebhookSignature('a-webhook-profile-secret', timestamp, hook, event!.body))
    } finally {
      await signed.close()
      receiver.closeAllConnections()
      await new Promise<void>(resolve => receiver.close(() => resolve()))
    }
  })

  it("fails on demand as documented (400, 401, 403, 5xx in Meld's error body), rate-limits, stalls, and answers garbage", async () => {
    const quote = () => call('POST', '/payments/crypto/quote', QUOTE)
    meld.fail({ status: 400, errors: ['[serviceProviders] unknown'] }, 1, 'quote')
    assert.deepEqual(await quote().then(r => [r.status, r.body.code, r.body.errors]), [400, 'BAD_REQUEST', ['[serviceProviders] unknown']])
    meld.fail({ status: 403 }, 1)
    assert.deepEqual(await quote().then(r => [r.status, r.body.message]), [403, 'Unauthenticated or authenticated with insufficient access'])
    meld.fail({ status: 429 }, 1)
    assert.deepEqual(await quote().then(r => [r.status, r.body.code]), [429, 'TOO_MANY_REQUESTS'])
    for (const status of [500, 502, 503, 504] as const) {
      meld.fail({ status }, 1, 'quote')
      assert.deepEqual(await quote().then(r => [r.status, r.body.code, r.body.message]), [status, 'UNKNOWN', 'Unknown Error'])
    }
    // A failure aimed at one endpoint leaves the others alone.
    meld.fail({ status: 500 }, 1, 'widget')
    assert.equal((await quote()).status, 200)
    meld.recover()
    const raw = () =>
      fetch(new URL('/payments/crypto/quote', meld.url), {
        method: 'POST',
        headers: { authorization: `BASIC ${KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify(QUOTE),
        signal: AbortSignal.timeout(300)
      })
    meld.fail({ slow: 'headers' }, 1)
    await assert.rejects(raw(), (e: Error) => e.name === 'TimeoutError')
    meld.fail({ slow: 'body' }, 1)
    await assert.rejects((await raw()).text(), (e: Error) => e.name === 'TimeoutError')
    meld.fail({ malformed: 'garbage' }, 1)
    await assert.rejects((await raw()).json(), SyntaxError)
    assert.equal((await quote()).status, 200)
  })
})

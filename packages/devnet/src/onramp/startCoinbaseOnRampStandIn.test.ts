// The Coinbase Onramp stand-in, called as Coinbase's reference says: a JWT per call signed with the
// CDP key (made here the way Coinbase's SDK makes it), and the documented bodies and errors.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { createPrivateKey, randomBytes, sign } from 'node:crypto'
import { ed25519 } from '@noble/curves/ed25519'
import { base64, base64urlnopad } from '@scure/base'
import { COINBASE_USDC_ID, generateCdpApiKey, startCoinbaseOnRampStandIn, type CdpApiKey, type CoinbaseOnRampStandIn } from './startCoinbaseOnRampStandIn.js'

const ED_KEY = generateCdpApiKey()
const EC_KEY = generateCdpApiKey('ecdsa')
const WALLET = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** A CDP JWT for one call, as @coinbase/cdp-sdk's generateJwt builds it (`claims` override its claims). */
function jwt(key: CdpApiKey, uri: string, claims: Record<string, unknown> = {}, nowSeconds = Math.floor(Date.now() / 1000)): string {
  const ec = key.keySecret.includes('-----BEGIN')
  const encode = (value: unknown) => base64urlnopad.encode(new TextEncoder().encode(JSON.stringify(value)))
  const header = encode({ alg: ec ? 'ES256' : 'EdDSA', kid: key.keyId, typ: 'JWT', nonce: randomBytes(16).toString('hex') })
  const payload = encode({ sub: key.keyId, iss: 'cdp', aud: ['cdp_service'], uris: [uri], iat: nowSeconds, nbf: nowSeconds, exp: nowSeconds + 120, ...claims })
  const input = new TextEncoder().encode(`${header}.${payload}`)
  const signature = ec
    ? sign('sha256', input, { key: createPrivateKey(key.keySecret), dsaEncoding: 'ieee-p1363' })
    : ed25519.sign(input, base64.decode(key.keySecret).slice(0, 32))
  return `${header}.${payload}.${base64urlnopad.encode(signature)}`
}

describe('Coinbase Onramp stand-in', () => {
  let coinbase: CoinbaseOnRampStandIn
  const host = () => new URL(coinbase.url).host
  /** Calls the stand-in with a JWT good for exactly this call (or `token` instead). */
  const call = async (
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    options: { key?: CdpApiKey; claims?: Record<string, unknown>; token?: string; base?: string } = {}
  ) => {
    const base = options.base ?? coinbase.url
    const url = new URL(path, base)
    const token = options.token ?? jwt(options.key ?? ED_KEY, `${method} ${url.host}${url.pathname}`, options.claims)
    const response = await fetch(url, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body)
    })
    return { status: response.status, body: (await response.json()) as any }
  }
  const quoteBody = {
    purchaseCurrency: 'USDC',
    purchaseNetwork: 'base',
    paymentAmount: '50.00',
    paymentCurrency: 'USD',
    paymentMethod: 'CARD',
    country: 'US',
    subdivision: 'NY'
  }

  before(async () => {
    coinbase = await startCoinbaseOnRampStandIn({ keys: [ED_KEY, EC_KEY] })
  })
  after(() => coinbase?.close())

  it('lists its options in the documented snake_case shape, for a country (and a US state)', async () => {
    const { status, body } = await call('GET', '/onramp/v1/buy/options?country=US&subdivision=NY')
    assert.equal(status, 200, JSON.stringify(body))
    assert.deepEqual(body.payment_currencies[0], {
      id: 'USD',
      limits: [
        { id: 'CARD', min: '2', max: '500' },
        { id: 'ACH_BANK_ACCOUNT', min: '2', max: '25000' },
        { id: 'APPLE_PAY', min: '2', max: '500' }
      ]
    })
    assert.deepEqual(body.purchase_currencies[0].networks[0], {
      name: 'base',
      display_name: 'Base',
      chain_id: '8453',
      contract_address: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913'
    })
    const base = await call('GET', '/onramp/v1/buy/options?country=US&subdivision=NY&networks=ethereum')
    assert.ok(base.body.purchase_currencies.every((c: any) => c.networks.every((n: any) => n.name === 'ethereum')))
    assert.deepEqual(await call('GET', '/onramp/v1/buy/options').then(r => [r.status, r.body]), [400, { code: 3, message: 'country is required', details: [] }])
    assert.equal((await call('GET', '/onramp/v1/buy/options?country=US')).body.message, 'subdivision is required for country US')
    assert.equal((await call('GET', '/onramp/v1/buy/config')).body.countries[0].id, 'US')
  })

  it('takes only a JWT made for this very call with a key it knows (Ed25519 or ES256), alive at most two minutes', async () => {
    const path = '/onramp/v1/buy/options?country=GB'
    assert.equal((await call('GET', path, undefined, { key: EC_KEY })).status, 200)
    // The older documented claim, `uri`, is accepted too.
    assert.equal((await call('GET', path, undefined, { claims: { uris: undefined, uri: `GET ${host()}/onramp/v1/buy/options` } })).status, 200)
    const unauthenticated = { code: 16, message: 'Unauthenticated', details: [] }
    assert.deepEqual((await call('GET', path, undefined, { claims: { uris: [`POST ${host()}/onramp/v1/token`] } })).body, unauthenticated)
    assert.equal((await call('GET', path, undefined, { claims: { exp: Math.floor(Date.now() / 1000) - 1 } })).status, 401)
    assert.equal((await call('GET', path, undefined, { claims: { exp: Math.floor(Date.now() / 1000) + 600 } })).status, 401)
    assert.equal((await call('GET', path, undefined, { claims: { iss: 'someone' } })).status, 401)
    assert.equal((await call('GET', path, undefined, { key: generateCdpApiKey() })).status, 401)
    assert.equal((await call('GET', path, undefined, { token: 'not-a-jwt' })).status, 401)
  })

  it('quotes from its prices and fees, in either spelling of the request, within the limits', async () => {
    const { status, body } = await call('POST', '/onramp/v1/buy/quote', quoteBody)
    assert.equal(status, 200, JSON.stringify(body))
    // 50.00 by card: 2.5% fee (1.25), 0.01 network fee on Base, 48.74 of USDC at 1.
    assert.deepEqual(
      { ...body, quote_id: 'q' },
      {
        payment_total: { value: '50.00', currency: 'USD' },
        payment_subtotal: { value: '48.74', currency: 'USD' },
        purchase_amount: { value: '48.740000', currency: 'USDC' },
        coinbase_fee: { value: '1.25', currency: 'USD' },
        network_fee: { value: '0.01', currency: 'USD' },
        quote_id: 'q'
      }
    )
    const snake = await call('POST', '/onramp/v1/buy/quote', {
      purchase_currency: COINBASE_USDC_ID,
      purchase_network: 'ethereum',
      payment_amount: '100',
      payment_currency: 'USD',
      payment_method: 'ACH_BANK_ACCOUNT',
      country: 'US',
      subdivision: 'CA'
    })
    assert.deepEqual([snake.body.coinbase_fee.value, snake.body.network_fee.value, snake.body.purchase_amount.value], ['1.00', '1.50', '97.500000'])
    const refused = await call('POST', '/onramp/v1/buy/quote', { ...quoteBody, paymentAmount: '900' })
    assert.deepEqual([refused.status, refused.body.code, refused.body.message], [400, 3, 'payment_amount must be between 2 and 500 USD'])
    assert.equal(
      (await call('POST', '/onramp/v1/buy/quote', { ...quoteBody, purchaseCurrency: 'DOGE' })).body.message,
      'purchase currency DOGE is not supported'
    )
  })

  it('answers camelCase, as the OpenAPI examples write it, when asked to', async () => {
    const camel = await startCoinbaseOnRampStandIn({ keys: [ED_KEY], casing: 'camel' })
    try {
      const { body } = await call('POST', '/onramp/v1/buy/quote', quoteBody, { base: camel.url })
      assert.deepEqual(Object.keys(body).sort(), ['coinbaseFee', 'networkFee', 'paymentSubtotal', 'paymentTotal', 'purchaseAmount', 'quoteId'])
    } finally {
      await camel.close()
    }
  })

  it("makes single-use session tokens bound to the wallets and the client's address, which open the checkout once", async () => {
    const noIp = await call('POST', '/onramp/v1/token', { addresses: [{ address: WALLET, blockchains: ['base'] }], assets: ['USDC'] })
    assert.deepEqual([noIp.status, noIp.body.message], [400, 'clientIp is required'])
    assert.equal(
      (await call('POST', '/onramp/v1/token', { addresses: [{ address: WALLET, blockchains: ['dogechain'] }], clientIp: '203.0.113.7' })).status,
      400
    )
    const { status, body } = await call('POST', '/onramp/v1/token', {
      addresses: [{ address: WALLET, blockchains: ['base'] }],
      assets: ['USDC'],
      clientIp: '203.0.113.7'
    })
    assert.equal(status, 200, JSON.stringify(body))
    assert.deepEqual(Object.keys(body), ['token', 'channel_id'])
    const checkout = `${coinbase.url}/buy/select-asset?sessionToken=${body.token}&defaultAsset=USDC&presetFiatAmount=50&fiatCurrency=USD`
    const page = await fetch(checkout)
    assert.equal(page.status, 200)
    assert.match(await page.text(), new RegExp(`${WALLET} on base`))
    assert.deepEqual(coinbase.checkouts.at(-1)!.clientIp, '203.0.113.7')
    assert.equal((await fetch(checkout)).status, 400)
  })

  it('fails on demand as documented (Status bodies, 429 rate_limit_exceeded), stalls, and answers garbage', async () => {
    const options = () => call('GET', '/onramp/v1/buy/options?country=GB')
    coinbase.fail({ status: 429 }, 1)
    assert.deepEqual(await options().then(r => [r.status, r.body]), [429, { code: 8, message: 'rate_limit_exceeded', details: [] }])
    coinbase.fail({ status: 500 }, 1, 'buy/options')
    assert.deepEqual(await options().then(r => [r.status, r.body.code]), [500, 13])
    coinbase.fail({ status: 503 }, 1)
    assert.equal((await options()).status, 503)
    coinbase.fail({ status: 400, message: 'Quote unavailable' }, 1, 'buy/quote')
    assert.equal((await options()).status, 200)
    assert.equal((await call('POST', '/onramp/v1/buy/quote', quoteBody)).body.message, 'Quote unavailable')
    const url = new URL('/onramp/v1/buy/options?country=GB', coinbase.url)
    const raw = () => fetch(url, { headers: { authorization: `Bearer ${jwt(ED_KEY, `GET ${url.host}${url.pathname}`)}` }, signal: AbortSignal.timeout(300) })
    coinbase.fail({ slow: 'headers' }, 1)
    await assert.rejects(raw(), (e: Error) => e.name === 'TimeoutError')
    coinbase.fail({ slow: 'body' }, 1)
    await assert.rejects((await raw()).text(), (e: Error) => e.name === 'TimeoutError')
    coinbase.fail({ malformed: 'garbage' }, 1)
    await assert.rejects((await raw()).json(), SyntaxError)
    assert.equal((await options()).status, 200)
  })

  it('answers 429 past its rate per key', async () => {
    let clock = 1_000_000
    const limited = await startCoinbaseOnRampStandIn({ keys: [ED_KEY], requestsPerSecond: 1, now: () => clock })
    try {
      const options = () =>
        call('GET', '/onramp/v1/buy/options?country=GB', undefined, { base: limited.url, claims: { nbf: clock / 1000, exp: clock / 1000 + 60 } })
      assert.equal((await options()).status, 200)
      assert.equal((await options()).status, 429)
      clock += 1000
      assert.equal((await options()).status, 200)
    } finally {
      await limited.close()
    }
  })
})

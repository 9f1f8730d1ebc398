// Coinbase Onramp (Coinbase Developer Platform) as an on-ramp provider, following its published
// reference (https://docs.cdp.coinbase.com/api-reference/rest-api/onramp-offramp/):
//   GET  /onramp/v1/buy/options?country&subdivision   ("Get buy options")
//   POST /onramp/v1/buy/quote  { purchaseCurrency, purchaseNetwork, paymentAmount, paymentCurrency,
//                                paymentMethod, country, subdivision }   ("Create buy quote")
//   POST /onramp/v1/token      { addresses: [{ address, blockchains }], assets, clientIp }
//                              -> { token, channel_id }   ("Create session token")
// and the hosted checkout https://pay.coinbase.com/buy/select-asset?sessionToken=…
// ("Generating an Onramp URL": defaultNetwork, defaultAsset, presetFiatAmount, presetCryptoAmount,
// fiatCurrency, defaultPaymentMethod, defaultExperience, partnerUserRef).
// Every call carries `Authorization: Bearer <JWT>`, a JWT made per call with the CDP secret API key
// as Coinbase's own SDK makes it (docs.cdp.coinbase.com/get-started/authentication/jwt-authentication,
// @coinbase/cdp-sdk auth/utils/jwt.ts): header { alg: EdDSA | ES256, kid, typ: 'JWT', nonce },
// claims { sub, iss: 'cdp', aud: ['cdp_service'], uris: ['POST api.developer.coinbase.com/onramp/v1/token'],
// iat, nbf, exp: +120 s }. Refusals are the `Status` envelope { code, message, details }; 429 past
// the rate limit ("rate_limit_exceeded").
// The guides write answers in snake_case (payment_total), the OpenAPI examples in camelCase
// (paymentTotal): both are read.
import { createHash, createPrivateKey, randomBytes, sign, type KeyObject } from 'node:crypto'
import { ed25519 } from '@noble/curves/ed25519'
import { base64, base64urlnopad } from '@scure/base'
import * as v from 'valibot'
import type { OnRampQuote, PaymentCurrency, PurchaseCurrency } from '@wallet-modal/wire'
import { ApiError } from '../http/ApiError.js'
import type { OnRampCheckoutRequest, OnRampOptions, OnRampProviderApi, OnRampQuoteRequest } from './OnRampProvider.js'
import { providerCall } from './providerCall.js'

/** Coinbase's developer API and its hosted checkout. */
export const COINBASE_API_URL = 'https://api.developer.coinbase.com'
export const COINBASE_PAY_URL = 'https://pay.coinbase.com'

/** How long each call's JWT is good for (Coinbase's SDK default; its docs: "expires after 2 minutes"). */
export const COINBASE_JWT_SECONDS = 120

/** Options of {@link CoinbaseOnRampProvider}. */
export interface CoinbaseOnRampOptions {
  /** The CDP API key's id (`organizations/…/apiKeys/…` or its UUID): the JWT's `kid` and `sub`. */
  keyId: string
  /**
   * The CDP API key's secret: an Ed25519 key as CDP hands it out (base64 of 64 bytes, seed then
   * public key; 32 bytes of seed alone also do), or an ECDSA key (`-----BEGIN EC PRIVATE KEY-----`).
   */
  keySecret: string
  /** The CAIP-2 networks the site may buy on through Coinbase. */
  networks: string[]
  /** ISO 3166-1 country the options and quotes are asked for (default US). */
  country?: string
  /** ISO 3166-2 subdivision (state) code; Coinbase requires one for the US (state asset rules). */
  subdivision?: string
  /** Another API base (a proxy, or a test's stand-in); default {@link COINBASE_API_URL}. */
  apiUrl?: string
  /** Another checkout base; default {@link COINBASE_PAY_URL}. */
  payUrl?: string
  timeoutMs: number
}

/** How Coinbase names payment methods, and how the modal does. */
const METHODS: Record<string, string> = { CARD: 'card', ACH_BANK_ACCOUNT: 'bank' }
const COINBASE_METHOD = Object.fromEntries(Object.entries(METHODS).map(([k, m]) => [m, k]))

const Money = v.object({ value: v.string(), currency: v.string() })
const OptionsSchema = v.object({
  payment_currencies: v.pipe(
    v.array(v.object({ id: v.string(), limits: v.pipe(v.array(v.object({ id: v.string(), min: v.string(), max: v.string() })), v.maxLength(50)) })),
    v.maxLength(500)
  ),
  purchase_currencies: v.pipe(
    v.array(
      v.object({
        id: v.string(),
        name: v.string(),
        symbol: v.string(),
        networks: v.pipe(
          v.array(v.object({ name: v.string(), display_name: v.string(), chain_id: v.optional(v.string(), ''), contract_address: v.optional(v.string(), '') })),
          v.maxLength(100)
        )
      })
    ),
    v.maxLength(2000)
  )
})
const QuoteSchema = v.object({
  payment_total: Money,
  payment_subtotal: Money,
  purchase_amount: Money,
  coinbase_fee: Money,
  network_fee: Money,
  quote_id: v.pipe(v.string(), v.maxLength(200))
})
const TokenSchema = v.object({ token: v.pipe(v.string(), v.minLength(1), v.maxLength(4096)) })

/** A decimal as the wire contract carries it (Coinbase may write `"10"` or `"10.5"`; nothing else passes). */
function decimal(value: string, what: string): string {
  if (!/^\d{1,20}(\.\d{1,18})?$/.test(value)) throw new ApiError(502, `Coinbase gave a malformed ${what}`)
  return value
}

/** `paymentAmount` as Coinbase takes it: two decimals ('50' -> '50.00'; never rounded up). */
function twoDecimals(amount: string): string {
  const [whole = '0', fraction = ''] = amount.split('.')
  return `${whole}.${fraction.padEnd(2, '0').slice(0, 2)}`
}

/** `paymentTotal` -> `payment_total`, through objects and arrays (the guides' spelling). */
function snakeKeys(value: unknown, depth = 0): unknown {
  if (depth > 8 || value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map(item => snakeKeys(item, depth + 1))
  return Object.fromEntries(Object.entries(value).map(([k, item]) => [k.replace(/[A-Z]/g, c => `_${c.toLowerCase()}`), snakeKeys(item, depth + 1)]))
}

/** A CDP secret key, ready to sign. */
type SigningKey = { alg: 'EdDSA'; seed: Uint8Array } | { alg: 'ES256'; key: KeyObject }

/** Reads the CDP key secret the way Coinbase's SDK does: a PEM EC key, else base64 Ed25519. */
function signingKey(secret: string): SigningKey {
  if (secret.includes('-----BEGIN')) {
    let key: KeyObject
    try {
      key = createPrivateKey(secret.replace(/\\n/g, '\n'))
    } catch {
      throw new Error('onramp coinbase keySecret: an unreadable PEM key')
    }
    if (key.asymmetricKeyType !== 'ec') throw new Error('onramp coinbase keySecret: a PEM key that is not an EC (ES256) key')
    return { alg: 'ES256', key }
  }
  let bytes: Uint8Array
  try {
    bytes = base64.decode(secret)
  } catch {
    throw new Error('onramp coinbase keySecret: a base64 Ed25519 secret (32 or 64 bytes) or a PEM EC key')
  }
  if (bytes.length !== 64 && bytes.length !== 32) throw new Error('onramp coinbase keySecret: a base64 Ed25519 secret (32 or 64 bytes) or a PEM EC key')
  return { alg: 'EdDSA', seed: bytes.slice(0, 32) }
}

/**
 * Coinbase Onramp as a provider (spec §9: Coinbase, 1–2%, EVM): options and quotes from its buy
 * API, and its hosted checkout opened with a session token made for the destination wallet and
 * the visitor's address. Each call is signed with a fresh JWT (the CDP key's Ed25519 or ES256
 * secret; `uris` names the one call it is good for), has the upstream timeout over its whole
 * answer and a size cap, and is checked field by field; Coinbase's refusals come back as errors the
 * modal shows (see `providerCall`).
 *
 * @example
 * ```ts
 * const coinbase = new CoinbaseOnRampProvider({ keyId, keySecret, networks: ['eip155:8453'], subdivision: 'NY', timeoutMs: 10_000 })
 * const quote = await coinbase.quote({ purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: '50', network: 'base' })
 * ```
 */
export class CoinbaseOnRampProvider implements OnRampProviderApi {
  readonly info
  readonly checkoutOrigin: string
  private readonly key: SigningKey

  constructor(private readonly config: CoinbaseOnRampOptions) {
    this.info = { id: 'coinbase', name: 'Coinbase', feeRange: '1-2%', networks: [...config.networks] }
    this.checkoutOrigin = new URL(config.payUrl ?? COINBASE_PAY_URL).origin
    this.key = signingKey(config.keySecret)
  }

  /** The bearer JWT for one call (good for {@link COINBASE_JWT_SECONDS}, bound to its method, host and path). */
  jwt(method: string, url: URL, now = Math.floor(Date.now() / 1000)): string {
    const encode = (value: unknown) => base64urlnopad.encode(new TextEncoder().encode(JSON.stringify(value)))
    const header = encode({ alg: this.key.alg, kid: this.config.keyId, typ: 'JWT', nonce: randomBytes(16).toString('hex') })
    const payload = encode({
      sub: this.config.keyId,
      iss: 'cdp',
      aud: ['cdp_service'],
      uris: [`${method} ${url.host}${url.pathname}`],
      iat: now,
      nbf: now,
      exp: now + COINBASE_JWT_SECONDS
    })
    const input = new TextEncoder().encode(`${header}.${payload}`)
    const signature = this.key.alg === 'EdDSA' ? ed25519.sign(input, this.key.seed) : sign('sha256', input, { key: this.key.key, dsaEncoding: 'ieee-p1363' })
    return `${header}.${payload}.${base64urlnopad.encode(signature)}`
  }

  private async call<S extends v.GenericSchema>(
    method: 'GET' | 'POST',
    path: string,
    schema: S,
    body?: unknown,
    query: Record<string, string | undefined> = {}
  ): Promise<v.InferOutput<S>> {
    const url = new URL(path, this.config.apiUrl ?? COINBASE_API_URL)
    for (const [k, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(k, value)
    const answer = await providerCall(
      'Coinbase',
      url,
      { method, headers: { authorization: `Bearer ${this.jwt(method, url)}` }, body },
      v.unknown(),
      this.config.timeoutMs
    )
    const parsed = v.safeParse(schema, snakeKeys(answer))
    if (!parsed.success) throw new ApiError(502, 'Coinbase gave a malformed answer')
    return parsed.output
  }

  async options(): Promise<OnRampOptions> {
    const answer = await this.call('GET', '/onramp/v1/buy/options', OptionsSchema, undefined, {
      country: this.config.country ?? 'US',
      subdivision: this.config.subdivision
    })
    const paymentCurrencies: PaymentCurrency[] = answer.payment_currencies.map(c => ({
      id: c.id,
      payment_method_limits: c.limits.filter(l => METHODS[l.id]).map(l => ({ id: METHODS[l.id]!, min: decimal(l.min, 'limit'), max: decimal(l.max, 'limit') }))
    }))
    const purchaseCurrencies: PurchaseCurrency[] = answer.purchase_currencies.map(c => ({ id: c.id, name: c.name, symbol: c.symbol, networks: c.networks }))
    return { purchaseCurrencies, paymentCurrencies }
  }

  async quote(request: OnRampQuoteRequest): Promise<OnRampQuote> {
    const q = await this.call('POST', '/onramp/v1/buy/quote', QuoteSchema, {
      purchaseCurrency: request.purchaseCurrency,
      purchaseNetwork: request.network,
      paymentAmount: twoDecimals(request.amount),
      paymentCurrency: request.paymentCurrency,
      paymentMethod: COINBASE_METHOD[request.paymentMethod ?? 'card'] ?? 'UNSPECIFIED',
      country: this.config.country ?? 'US',
      ...(this.config.subdivision ? { subdivision: this.config.subdivision } : {})
    })
    const money = (m: v.InferOutput<typeof Money>, what: string) => ({ amount: decimal(m.value, what), currency: m.currency })
    return {
      purchaseAmount: money(q.purchase_amount, 'purchase amount'),
      paymentSubtotal: money(q.payment_subtotal, 'subtotal'),
      paymentTotal: money(q.payment_total, 'total'),
      networkFee: money(q.network_fee, 'network fee'),
      providerFee: money(q.coinbase_fee, 'fee'),
      quoteId: q.quote_id
    }
  }

  async checkoutUrl(request: OnRampCheckoutRequest): Promise<string> {
    // A session token names the destination wallet (and the visitor's address, which Coinbase
    // requires): the checkout cannot be pointed elsewhere.
    const { token } = await this.call('POST', '/onramp/v1/token', TokenSchema, {
      addresses: [{ address: request.address, blockchains: request.networks }],
      assets: request.assets,
      ...(request.clientIp ? { clientIp: request.clientIp } : {})
    })
    const url = new URL('/buy/select-asset', this.config.payUrl ?? COINBASE_PAY_URL)
    // Coinbase takes a partnerUserRef under 50 characters: a longer id is hashed to one.
    const ref = request.partnerUserId.length < 50 ? request.partnerUserId : createHash('sha256').update(request.partnerUserId).digest('hex').slice(0, 40)
    const params: Record<string, string | undefined> = {
      sessionToken: token,
      defaultNetwork: request.defaultNetwork,
      defaultAsset: request.defaultAsset,
      partnerUserRef: ref,
      defaultExperience: 'buy',
      presetFiatAmount: request.presetFiatAmount,
      presetCryptoAmount: request.presetCryptoAmount,
      fiatCurrency: request.fiatCurrency,
      defaultPaymentMethod: request.paymentMethod ? COINBASE_METHOD[request.paymentMethod] : undefined
    }
    for (const [k, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(k, value)
    return url.href
  }
}

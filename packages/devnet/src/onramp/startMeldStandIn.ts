// A stand-in for Meld's crypto on-ramp API (https://api.meld.io, sandbox https://api-sb.meld.io)
// and its widget (https://meldcrypto.com?token=…), answering as Meld's published reference does
// (https://docs.meld.io: "Create a crypto quote" /reference/crypto-quote-get, "Create a crypto
// widget" /api-reference/crypto/retail-ramp/crypto-session-widget-create, "Get transaction by id"
// /api-reference/crypto/retail-ramp/payments-transactions-get, the service-provider searches under
// /api-reference/service-providers/, "Error responses", "Versioning", "Webhooks Authentication"):
//   GET  /service-providers/properties/countries        -> [{ countryCode, name, flagImageUrl, regions: [{ regionCode, name }] }]
//   GET  /service-providers/properties/fiat-currencies  -> [{ currencyCode, name, symbolImageUrl }]
//   GET  /service-providers/properties/crypto-currencies
//        -> [{ currencyCode, name, chainCode, chainName, chainId, contractAddress, symbolImageUrl }]
//   GET  /service-providers/properties/payment-methods  -> [{ paymentMethod, name, paymentType, logos: { dark, light } }]
//   GET  /service-providers/limits/fiat-currency-purchases
//        -> [{ currencyCode, defaultAmount, minimumAmount, maximumAmount }]
//        (the searches take the documented comma-separated filters `countries`, `fiatCurrencies`,
//        `cryptoCurrencies`, `cryptoChains`, `paymentMethodTypes`, `serviceProviders`, and
//        `categories`/`accountFilter`, which the stand-in accepts and records)
//   POST /payments/crypto/quote { countryCode, sourceCurrencyCode, destinationCurrencyCode,
//        sourceAmount, paymentMethodType?, serviceProviders?, subdivision?, walletAddress? }
//        -> { quotes: [{ transactionType: 'CRYPTO_PURCHASE', sourceAmount, sourceAmountWithoutFees,
//             fiatAmountWithoutFees, destinationAmountWithoutFees, sourceCurrencyCode, countryCode,
//             totalFee, networkFee, transactionFee, partnerFee, destinationAmount,
//             destinationCurrencyCode, exchangeRate, paymentMethodType, customerScore,
//             serviceProvider, institutionName, lowKyc }], message, error, timestamp }
//        one quote per service provider that serves the purchase (amounts are JSON numbers)
//   POST /crypto/session/widget { sessionData: { walletAddress, countryCode, sourceCurrencyCode,
//        sourceAmount, destinationCurrencyCode, serviceProvider, paymentMethodType?, redirectUrl? },
//        sessionType: BUY | SELL | TRANSFER, externalCustomerId?, externalSessionId? }
//        -> { id, customerId, externalCustomerId, externalSessionId, widgetUrl, token, serviceProviderWidgetUrl }
//   GET  /payments/transactions/{id}                    -> { transaction: { id, status, transactionType, … cryptoDetails } }
//   GET  /?token=…                                      the widget page a session's token opens (30 minutes)
// Every API call needs `Authorization: BASIC <API key>` ("Always add BASIC before your API key");
// the optional `Meld-Version` header (a date) is recorded and every answer carries the version
// used ("All API responses include a Meld-Version header"). Refusals carry Meld's error body
// { code, message, errors: [...], requestId, timestamp } (BAD_REQUEST "Bad request" with
// "[field] …" entries); the reference documents 400, 401 ("Invalid credentials"), 403
// ("Unauthenticated or authenticated with insufficient access") and 5xx ("treat all of these errors
// the same"). The 429 body and the texts of the 400s beyond the documented example are the
// stand-in's own wording. `completePurchase` settles a session's purchase and, given a webhook
// profile, posts the signed TRANSACTION_CRYPTO_COMPLETE event: headers `meld-signature` =
// base64url-with-padding(HMAC-SHA256(secret, `${timestamp}.${url}.${body}`)) and
// `meld-signature-timestamp`.
import { createHmac, randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { listenLoopback } from '../server/listenLoopback.js'
import { escapeHtml, readBody } from '../server/standInHttp.js'
import { FailureSchedule } from '../server/FailureSchedule.js'

/** A crypto currency the stand-in sells: Meld's properties plus the stand-in's price and network fee. */
export interface MeldCryptoCurrency {
  /** Meld's code: one asset on one chain ('USDC_BASE', 'ETH', 'SOL_SOLANA'). */
  currencyCode: string
  name: string
  chainCode: string
  chainName: string
  /** The EVM chain id as text; null off EVM. */
  chainId: string | null
  /** The token contract; null for a chain's coin. */
  contractAddress: string | null
  /** Decimals of the amounts quoted. */
  decimals: number
  /** Price of one unit in USD (decimal text). */
  priceUsd: string
  /** The network fee of a purchase, in USD (decimal text). */
  networkFeeUsd: string
}

/** A fiat currency: its properties and how many units one USD buys. */
export interface MeldFiatCurrency {
  currencyCode: string
  name: string
  perUsd: string
}

/** A country: the fiat currencies and payment methods it is served in. */
export interface MeldCountry {
  name: string
  regions: { regionCode: string; name: string }[]
  fiatCurrencies: string[]
  paymentMethods: string[]
}

/** A payment method's properties. */
export interface MeldPaymentMethod {
  name: string
  /** Meld's broad type: CARD, MOBILE_WALLET, BANK_TRANSFER, LOCAL. */
  paymentType: string
}

/** A service provider behind Meld, with the stand-in's fees. */
export interface MeldServiceProvider {
  serviceProvider: string
  name: string
  /** Its fee per payment method, hundredths of a percent of the total (methods it does not take are absent). */
  feeBps: Record<string, number>
  /** The partner (site) fee it adds to each purchase, in the payment currency. */
  partnerFee: string
  customerScore: number
  lowKyc: boolean
}

/** What the stand-in sells by default: USDC and ETH on Base and Ethereum, SOL on Solana. */
export const MELD_STAND_IN_CRYPTO: readonly MeldCryptoCurrency[] = [
  {
    currencyCode: 'USDC_BASE',
    name: 'USD Coin',
    chainCode: 'BASE',
    chainName: 'Base',
    chainId: '8453',
    contractAddress: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
    decimals: 6,
    priceUsd: '1',
    networkFeeUsd: '0.05'
  },
  {
    currencyCode: 'ETH_BASE',
    name: 'Ethereum',
    chainCode: 'BASE',
    chainName: 'Base',
    chainId: '8453',
    contractAddress: null,
    decimals: 8,
    priceUsd: '3000',
    networkFeeUsd: '0.05'
  },
  {
    currencyCode: 'USDC',
    name: 'USD Coin',
    chainCode: 'ETH',
    chainName: 'Ethereum',
    chainId: '1',
    contractAddress: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
    decimals: 6,
    priceUsd: '1',
    networkFeeUsd: '2.50'
  },
  {
    currencyCode: 'ETH',
    name: 'Ethereum',
    chainCode: 'ETH',
    chainName: 'Ethereum',
    chainId: '1',
    contractAddress: null,
    decimals: 8,
    priceUsd: '3000',
    networkFeeUsd: '2.50'
  },
  {
    currencyCode: 'SOL_SOLANA',
    name: 'Solana',
    chainCode: 'SOLANA',
    chainName: 'Solana',
    chainId: null,
    contractAddress: null,
    decimals: 9,
    priceUsd: '150',
    networkFeeUsd: '0.01'
  }
]

/** Fiat currencies by default. */
export const MELD_STAND_IN_FIAT: readonly MeldFiatCurrency[] = [
  { currencyCode: 'USD', name: 'US Dollar', perUsd: '1' },
  { currencyCode: 'EUR', name: 'Euro', perUsd: '0.92' }
]

/** Countries by default: the US (card, Apple Pay, ACH in USD) and Germany (card, SEPA in EUR). */
export const MELD_STAND_IN_COUNTRIES: Readonly<Record<string, MeldCountry>> = {
  US: {
    name: 'United States',
    regions: [
      { regionCode: 'US-CA', name: 'California' },
      { regionCode: 'US-NY', name: 'New York' }
    ],
    fiatCurrencies: ['USD'],
    paymentMethods: ['CREDIT_DEBIT_CARD', 'APPLE_PAY', 'ACH']
  },
  DE: { name: 'Germany', regions: [], fiatCurrencies: ['EUR'], paymentMethods: ['CREDIT_DEBIT_CARD', 'SEPA'] }
}

/** Payment methods' properties. */
export const MELD_STAND_IN_PAYMENT_METHODS: Readonly<Record<string, MeldPaymentMethod>> = {
  CREDIT_DEBIT_CARD: { name: 'Credit & Debit Card', paymentType: 'CARD' },
  APPLE_PAY: { name: 'Apple Pay', paymentType: 'MOBILE_WALLET' },
  ACH: { name: 'ACH', paymentType: 'BANK_TRANSFER' },
  SEPA: { name: 'SEPA', paymentType: 'BANK_TRANSFER' }
}

/** Meld's purchase limits per payment method and fiat currency: [minimum, maximum, default]. */
export const MELD_STAND_IN_LIMITS: Readonly<Record<string, Readonly<Record<string, readonly [string, string, string]>>>> = {
  CREDIT_DEBIT_CARD: { USD: ['20', '5000', '100'], EUR: ['20', '4500', '100'] },
  APPLE_PAY: { USD: ['20', '3000', '100'] },
  ACH: { USD: ['10', '25000', '250'] },
  SEPA: { EUR: ['10', '20000', '250'] }
}

/**
 * The service providers by default, with fees that make the best quote predictable: Transak gives
 * the most by card, Banxa by bank transfer; MoonPay has the best customer score.
 */
export const MELD_STAND_IN_PROVIDERS: readonly MeldServiceProvider[] = [
  {
    serviceProvider: 'TRANSAK',
    name: 'Transak',
    feeBps: { CREDIT_DEBIT_CARD: 250, APPLE_PAY: 250, ACH: 150 },
    partnerFee: '0.50',
    customerScore: 40,
    lowKyc: false
  },
  {
    serviceProvider: 'MOONPAY',
    name: 'MoonPay',
    feeBps: { CREDIT_DEBIT_CARD: 390, APPLE_PAY: 390, SEPA: 150 },
    partnerFee: '0',
    customerScore: 80,
    lowKyc: true
  },
  { serviceProvider: 'BANXA', name: 'Banxa', feeBps: { ACH: 100, SEPA: 100 }, partnerFee: '0', customerScore: 20, lowKyc: false }
]

/** How long a widget token opens the widget (its JWT in Meld's examples lives 30 minutes). */
const WIDGET_MS = 30 * 60_000
/** Widget sessions kept (older ones are dropped first). */
const MAX_SESSIONS = 1000

/** Meld's error body by status (the general codes of "Error responses"; texts of the reference's response list). */
const ERROR_BODY: Record<number, { code: string; message: string }> = {
  400: { code: 'BAD_REQUEST', message: 'Bad request' },
  401: { code: 'UNAUTHORIZED', message: 'Invalid credentials' },
  403: { code: 'FORBIDDEN', message: 'Unauthenticated or authenticated with insufficient access' },
  404: { code: 'NOT_FOUND', message: 'Not found' },
  429: { code: 'TOO_MANY_REQUESTS', message: 'Too many requests' }
}

/** A failure the stand-in answers with instead of the real answer. */
export type MeldFailure =
  /** A refusal in Meld's error body (400 with its `errors`; the others with their default text). */
  | { status: 400; errors: string[] }
  | { status: 401 | 403 | 404 | 429 | 500 | 502 | 503 | 504 }
  /** Never answers ('headers'), or sends the status and half a body, then stalls ('body'). */
  | { slow: 'headers' | 'body' }
  /** 200 with a body that is not JSON ('garbage'), or one of 8 MB ('oversized'). */
  | { malformed: 'garbage' | 'oversized' }

/** The API's endpoints. */
export type MeldEndpoint = 'countries' | 'fiat-currencies' | 'crypto-currencies' | 'payment-methods' | 'limits' | 'quote' | 'widget' | 'transaction'

/** Options of {@link startMeldStandIn}. */
export interface MeldStandInOptions {
  /** Port (default: a free one). */
  port?: number
  /** The API keys it accepts (as the dashboard shows them, `id:secret`). */
  apiKeys: readonly string[]
  /** What it sells (default {@link MELD_STAND_IN_CRYPTO}). */
  cryptoCurrencies?: readonly MeldCryptoCurrency[]
  /** Fiat currencies (default {@link MELD_STAND_IN_FIAT}). */
  fiatCurrencies?: readonly MeldFiatCurrency[]
  /** Countries (default {@link MELD_STAND_IN_COUNTRIES}). */
  countries?: Readonly<Record<string, MeldCountry>>
  /** Service providers (default {@link MELD_STAND_IN_PROVIDERS}). */
  serviceProviders?: readonly MeldServiceProvider[]
  /** Where settled purchases are reported, and the webhook profile's secret that signs them. */
  webhook?: { url: string; secret: string }
  /** The account's default API version, answered when a call names none (default '2023-12-19'). */
  defaultVersion?: string
  /** The clock (ms; default `Date.now`). */
  now?: () => number
}

/** A call the stand-in received. */
export interface MeldCall {
  method: string
  path: string
  query: Record<string, string>
  body?: unknown
  /** The `Meld-Version` header, if sent. */
  version?: string
  /** Whether it carried an accepted key. */
  authorized: boolean
}

/** A widget session. */
export interface MeldSession {
  id: string
  token: string
  customerId: string
  externalCustomerId: string | null
  externalSessionId: string | null
  sessionType: string
  sessionData: Record<string, unknown>
  expires: number
}

/** A settled purchase (a Meld transaction). */
export interface MeldTransaction {
  id: string
  sessionId: string
  status: string
  transactionType: string
  serviceProvider: string
  countryCode: string
  sourceAmount: number
  sourceCurrencyCode: string
  destinationAmount: number
  destinationCurrencyCode: string
  paymentMethodType: string
  externalCustomerId: string | null
  externalSessionId: string | null
  createdAt: string
  updatedAt: string
  cryptoDetails: {
    walletAddress: string
    blockchainTransactionId: string
    chainId: string | null
    networkFee: number
    transactionFee: number
    partnerFee: number
    totalFee: number
  }
}

/** The running stand-in. */
export interface MeldStandIn {
  /** Base of the API and of the widget (`${url}/?token=…`). */
  readonly url: string
  readonly calls: MeldCall[]
  readonly sessions: MeldSession[]
  readonly transactions: MeldTransaction[]
  /** Answers the next `times` calls (to `endpoint`, or any) with `failure`. */
  fail(failure: MeldFailure, times?: number, endpoint?: MeldEndpoint): void
  recover(): void
  /**
   * Settles the purchase a widget session started, paid out in `txHash`, and reports it to the
   * webhook (`webhook`, else the configured one): the signed event's delivery status, or undefined
   * without a webhook.
   */
  completePurchase(sessionId: string, txHash: string, webhook?: { url: string; secret: string }): Promise<{ transaction: MeldTransaction; delivered?: number }>
  close(): Promise<void>
}

/** A refusal thrown inside a handler: Meld's 400 with its `errors`. */
class Refusal extends Error {
  constructor(readonly errors: string[]) {
    super(errors.join('; '))
  }
}

/** Decimal text to an integer of `places` decimals (undefined if it is not a plain decimal). */
function scaled(value: string, places: number): bigint | undefined {
  const match = /^(\d{1,20})(?:\.(\d{1,30}))?$/.exec(value)
  if (!match) return undefined
  return BigInt(match[1]! + (match[2] ?? '').padEnd(places, '0').slice(0, places))
}

/** An integer of `places` decimals as a JSON number (Meld writes amounts as numbers). */
function numberOf(value: bigint, places: number): number {
  const text = value.toString().padStart(places + 1, '0')
  return Number(places === 0 ? text : `${text.slice(0, -places)}.${text.slice(-places)}`)
}

/** A request amount, as JSON number or text, in cents (undefined if it is neither). */
function cents(value: unknown): bigint | undefined {
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return scaled(value.toFixed(2), 2)
  if (typeof value === 'string') return scaled(value.trim(), 2)
  return undefined
}

/** 'USDC_BASE' -> 'USDC': the asset's ticker. */

/** The signature of a webhook event as Meld makes it (Webhooks Authentication). */
export function meldWebhookSignature(secret: string, timestamp: string, url: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${url}.${body}`).digest('base64url').padEnd(44, '=')
}

/**
 * Starts the Meld stand-in on 127.0.0.1 (see the file's header for what it implements and where
 * the reference is): the service-provider searches, quotes from every service provider that serves
 * a purchase, widget sessions whose token opens the widget page, transactions and their signed
 * webhook events; every call checked for an accepted `BASIC` key. `fail` switches it to each
 * documented failure, 429, a silent or stalling answer, or a malformed one.
 *
 * @example
 * const meld = await startMeldStandIn({ apiKeys: ['W9kZTT7332okCEc1A9aqAq:3sYKoXQv6oHVHSts7G2agw9vTCXz'] })
 * // server config: onramp.providers = [{ meld: { apiKey, networks: ['eip155:8453'], baseUrl: meld.url, widgetOrigin: meld.url } }]
 */
export async function startMeldStandIn(options: MeldStandInOptions): Promise<MeldStandIn> {
  const now = options.now ?? Date.now
  const crypto = options.cryptoCurrencies ?? MELD_STAND_IN_CRYPTO
  const fiat = options.fiatCurrencies ?? MELD_STAND_IN_FIAT
  const countries = options.countries ?? MELD_STAND_IN_COUNTRIES
  const providers = options.serviceProviders ?? MELD_STAND_IN_PROVIDERS
  const keys = new Set(options.apiKeys)
  const defaultVersion = options.defaultVersion ?? '2023-12-19'
  const calls: MeldCall[] = []
  const sessions: MeldSession[] = []
  const transactions: MeldTransaction[] = []
  const externalSessionIds = new Set<string>()
  const failures = new FailureSchedule<MeldFailure, MeldEndpoint>()
  let url = ''

  const id = () => randomBytes(16).toString('base64url').replace(/[-_]/g, '').slice(0, 22)
  const send = (res: ServerResponse, status: number, body: unknown, version: string) => {
    res.writeHead(status, { 'content-type': 'application/json', 'meld-version': version })
    res.end(JSON.stringify(body))
  }
  const refuse = (res: ServerResponse, status: number, version: string, errors: string[] = []) => {
    const { code, message } = ERROR_BODY[status] ?? { code: 'UNKNOWN', message: 'Unknown Error' }
    send(res, status, { code, message, errors, requestId: randomBytes(16).toString('hex'), timestamp: new Date(now()).toISOString() }, version)
  }

  /** A comma-separated filter as a set (undefined when absent). */
  const filter = (query: Record<string, string>, name: string) =>
    query[name]
      ? new Set(
          query[name]!.split(',')
            .map(s => s.trim())
            .filter(Boolean)
        )
      : undefined
  const inCountries = (query: Record<string, string>) => {
    const only = filter(query, 'countries')
    return Object.entries(countries).filter(([code]) => !only || only.has(code))
  }
  const methodsOf = (query: Record<string, string>) => {
    const only = filter(query, 'paymentMethodTypes')
    return new Set(
      inCountries(query)
        .flatMap(([, c]) => c.paymentMethods)
        .filter(m => !only || only.has(m) || only.has(MELD_STAND_IN_PAYMENT_METHODS[m]?.paymentType ?? ''))
    )
  }
  const providersOf = (query: Record<string, string>) => {
    const only = filter(query, 'serviceProviders')
    return providers.filter(p => !only || only.has(p.serviceProvider))
  }

  const search = (endpoint: MeldEndpoint, query: Record<string, string>): unknown => {
    const fiatOnly = filter(query, 'fiatCurrencies')
    const cryptoOnly = filter(query, 'cryptoCurrencies')
    const chainsOnly = filter(query, 'cryptoChains')
    const served = new Set(providersOf(query).flatMap(p => Object.keys(p.feeBps)))
    switch (endpoint) {
      case 'countries':
        return inCountries(query).map(([countryCode, c]) => ({
          countryCode,
          name: c.name,
          flagImageUrl: `https://images-country.meld.io/${countryCode}/flag.svg`,
          regions: c.regions
        }))
      case 'fiat-currencies': {
        const codes = new Set(inCountries(query).flatMap(([, c]) => c.fiatCurrencies))
        return fiat
          .filter(f => codes.has(f.currencyCode) && (!fiatOnly || fiatOnly.has(f.currencyCode)))
          .map(f => ({ currencyCode: f.currencyCode, name: f.name, symbolImageUrl: `https://images-currency.meld.io/fiat/${f.currencyCode}/symbol.png` }))
      }
      case 'crypto-currencies':
        return crypto
          .filter(c => (!cryptoOnly || cryptoOnly.has(c.currencyCode)) && (!chainsOnly || chainsOnly.has(c.chainCode)))
          .map(c => ({
            currencyCode: c.currencyCode,
            name: c.name,
            chainCode: c.chainCode,
            chainName: c.chainName,
            chainId: c.chainId,
            contractAddress: c.contractAddress,
            symbolImageUrl: `https://images-currency.meld.io/crypto/${c.currencyCode}/symbol.png`
          }))
      case 'payment-methods':
        return [...methodsOf(query)]
          .filter(m => served.has(m))
          .map(m => ({
            paymentMethod: m,
            name: MELD_STAND_IN_PAYMENT_METHODS[m]?.name ?? m,
            paymentType: MELD_STAND_IN_PAYMENT_METHODS[m]?.paymentType ?? 'LOCAL',
            logos: { dark: `https://images-paymentMethod.meld.io/${m}/logo_dark.png`, light: `https://images-paymentMethod.meld.io/${m}/logo_light.png` }
          }))
      case 'limits': {
        // The widest range over the methods asked for, per fiat currency of the countries.
        const codes = new Set(inCountries(query).flatMap(([, c]) => c.fiatCurrencies))
        const ranges = new Map<string, { min: bigint; max: bigint; def: bigint }>()
        for (const method of methodsOf(query)) {
          if (!served.has(method)) continue
          for (const [currency, [min, max, def]] of Object.entries(MELD_STAND_IN_LIMITS[method] ?? {})) {
            if (!codes.has(currency) || (fiatOnly && !fiatOnly.has(currency))) continue
            const range = { min: scaled(min, 2)!, max: scaled(max, 2)!, def: scaled(def, 2)! }
            const seen = ranges.get(currency)
            ranges.set(
              currency,
              seen ? { min: range.min < seen.min ? range.min : seen.min, max: range.max > seen.max ? range.max : seen.max, def: seen.def } : range
            )
          }
        }
        return [...ranges].map(([currencyCode, r]) => ({
          currencyCode,
          defaultAmount: numberOf(r.def, 2),
          minimumAmount: numberOf(r.min, 2),
          maximumAmount: numberOf(r.max, 2)
        }))
      }
      default:
        return []
    }
  }

  const quote = (body: Record<string, unknown>) => {
    const errors: string[] = []
    const text = (name: string) => (typeof body[name] === 'string' && (body[name] as string).trim() !== '' ? (body[name] as string) : undefined)
    const countryCode = text('countryCode')
    const source = text('sourceCurrencyCode')
    const destination = text('destinationCurrencyCode')
    if (!countryCode) errors.push('[countryCode] must not be blank')
    if (!source) errors.push('[sourceCurrencyCode] must not be blank')
    if (!destination) errors.push('[destinationCurrencyCode] must not be blank')
    const amount = body.sourceAmount === undefined || body.sourceAmount === null ? undefined : cents(body.sourceAmount)
    if (body.sourceAmount === undefined || body.sourceAmount === null) errors.push('[sourceAmount] must not be null')
    else if (amount === undefined || amount <= 0n) errors.push('[sourceAmount] Must be a decimal value greater than zero')
    if (errors.length > 0) throw new Refusal(errors)
    const country = countries[countryCode!]
    if (!country) throw new Refusal([`[countryCode] ${countryCode} is not supported`])
    const asset = crypto.find(c => c.currencyCode === destination)
    if (!asset) throw new Refusal([`[destinationCurrencyCode] ${destination} is not supported`])
    const currency = fiat.find(f => f.currencyCode === source)
    if (!currency || !country.fiatCurrencies.includes(currency.currencyCode))
      throw new Refusal([`[sourceCurrencyCode] ${source} is not supported in ${countryCode}`])
    const asked = text('paymentMethodType')
    // A type (CARD) stands for the country's first method of that type, as Meld's defaults do.
    const method =
      asked === undefined
        ? country.paymentMethods[0]!
        : country.paymentMethods.find(m => m === asked || MELD_STAND_IN_PAYMENT_METHODS[m]?.paymentType === asked)
    if (!method) throw new Refusal([`[paymentMethodType] ${asked} is not available in ${countryCode}`])
    const limits = MELD_STAND_IN_LIMITS[method]?.[currency.currencyCode]
    if (!limits) throw new Refusal([`[paymentMethodType] ${method} does not take ${currency.currencyCode}`])
    const [min, max] = limits
    if (amount! < scaled(min, 2)! || amount! > scaled(max, 2)!) throw new Refusal([`[sourceAmount] must be between ${min} and ${max} ${currency.currencyCode}`])
    const only = Array.isArray(body.serviceProviders) && body.serviceProviders.length > 0 ? new Set(body.serviceProviders.map(String)) : undefined
    const perUsd = scaled(currency.perUsd, 8)!
    // In the payment currency: the network fee in cents, the price with 8 decimals.
    const networkFee = (scaled(asset.networkFeeUsd, 2)! * perUsd + 50_000_000n) / 100_000_000n
    const price = (scaled(asset.priceUsd, 8)! * perUsd) / 100_000_000n
    const quotes = providers
      .filter(p => (!only || only.has(p.serviceProvider)) && p.feeBps[method] !== undefined)
      .flatMap(p => {
        const transactionFee = (amount! * BigInt(p.feeBps[method]!) + 5_000n) / 10_000n
        const partnerFee = scaled(p.partnerFee, 2)!
        const totalFee = networkFee + transactionFee + partnerFee
        const withoutFees = amount! - totalFee
        if (withoutFees <= 0n) return []
        // withoutFees (cents) / price (cents with 8 places), in the asset's decimals.
        const destination = (withoutFees * 10n ** 8n * 10n ** BigInt(asset.decimals)) / (price * 100n)
        return [
          {
            transactionType: 'CRYPTO_PURCHASE',
            sourceAmount: numberOf(amount!, 2),
            sourceAmountWithoutFees: numberOf(withoutFees, 2),
            fiatAmountWithoutFees: numberOf(withoutFees, 2),
            destinationAmountWithoutFees: null,
            sourceCurrencyCode: currency.currencyCode,
            countryCode,
            totalFee: numberOf(totalFee, 2),
            networkFee: numberOf(networkFee, 2),
            transactionFee: numberOf(transactionFee, 2),
            partnerFee: numberOf(partnerFee, 2),
            destinationAmount: numberOf(destination, asset.decimals),
            destinationCurrencyCode: asset.currencyCode,
            exchangeRate: numberOf(price, 8),
            paymentMethodType: method,
            customerScore: p.customerScore,
            serviceProvider: p.serviceProvider,
            institutionName: null,
            lowKyc: p.lowKyc
          }
        ]
      })
    if (quotes.length === 0)
      throw new Refusal([`No service provider quotes ${asset.currencyCode} for ${numberOf(amount!, 2)} ${currency.currencyCode} by ${method}`])
    return { quotes, message: null, error: null, timestamp: null }
  }

  const widget = (body: Record<string, unknown>) => {
    const errors: string[] = []
    const sessionType = body.sessionType
    if (sessionType !== 'BUY' && sessionType !== 'SELL' && sessionType !== 'TRANSFER') errors.push('[sessionType] must be one of BUY, SELL, TRANSFER')
    const data =
      typeof body.sessionData === 'object' && body.sessionData !== null && !Array.isArray(body.sessionData)
        ? (body.sessionData as Record<string, unknown>)
        : undefined
    if (!data) errors.push('[sessionData] must not be null')
    if (errors.length > 0) throw new Refusal(errors)
    const text = (name: string) => (typeof data![name] === 'string' && (data![name] as string).trim() !== '' ? (data![name] as string) : undefined)
    const provider = providers.find(p => p.serviceProvider === text('serviceProvider'))
    if (!provider) errors.push('[sessionData.serviceProvider] must be a service provider')
    if (!text('walletAddress') && sessionType === 'BUY') errors.push('[sessionData.walletAddress] must not be blank')
    if (sessionType === 'BUY' && !crypto.some(c => c.currencyCode === text('destinationCurrencyCode')))
      errors.push('[sessionData.destinationCurrencyCode] must be a supported crypto currency')
    if (!text('countryCode') || !countries[text('countryCode')!]) errors.push('[sessionData.countryCode] must be a supported country')
    if (data!.sourceAmount !== undefined && cents(data!.sourceAmount) === undefined)
      errors.push('[sessionData.sourceAmount] Must be a decimal value greater than zero')
    const externalSessionId = typeof body.externalSessionId === 'string' ? body.externalSessionId : null
    // "if you use this optional field you must pass in a unique value each time"
    if (externalSessionId !== null && externalSessionIds.has(externalSessionId)) errors.push('[externalSessionId] must be unique')
    if (errors.length > 0) throw new Refusal(errors)
    if (externalSessionId !== null) externalSessionIds.add(externalSessionId)
    const session: MeldSession = {
      id: id(),
      token: randomBytes(32).toString('base64url'),
      customerId: id(),
      externalCustomerId: typeof body.externalCustomerId === 'string' ? body.externalCustomerId : null,
      externalSessionId,
      sessionType: sessionType as string,
      sessionData: data!,
      expires: now() + WIDGET_MS
    }
    sessions.push(session)
    if (sessions.length > MAX_SESSIONS) sessions.shift()
    return {
      id: session.id,
      customerId: session.customerId,
      externalCustomerId: session.externalCustomerId,
      externalSessionId: session.externalSessionId,
      widgetUrl: `${url}/?token=${session.token}`,
      token: session.token,
      serviceProviderWidgetUrl: `${url}/provider/${provider!.serviceProvider}?sessionId=${session.id}`
    }
  }

  const widgetPage = (res: ServerResponse, token: string) => {
    const page = (status: number, body: string) =>
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><title>Meld (stand-in)</title><main>${body}</main>`)
    const session = sessions.find(s => s.token === token)
    if (!session || session.expires < now()) return page(400, '<p data-testid="widget-error">This session has expired.</p>')
    const d = session.sessionData
    const field = (name: string) => escapeHtml(String(d[name] ?? ''))
    return page(
      200,
      `<h1>Buy ${field('destinationCurrencyCode')} with ${field('serviceProvider')}</h1><p data-testid="widget-wallet">${field('walletAddress')}</p><p data-testid="widget-amount">${field('sourceAmount')} ${field('sourceCurrencyCode')}</p>`
    )
  }

  const failWith = (res: ServerResponse, current: MeldFailure, version: string) => {
    if ('slow' in current) {
      if (current.slow === 'body') {
        res.writeHead(200, { 'content-type': 'application/json', 'meld-version': version })
        res.write('{"quotes":[')
      }
      return
    }
    if ('malformed' in current) {
      res.writeHead(200, { 'content-type': 'application/json', 'meld-version': version })
      if (current.malformed === 'garbage') return res.end('<html><body>502 Bad Gateway</body></html>')
      return res.end(`{"quotes":[],"message":"${'x'.repeat(8 * 1024 * 1024)}"}`)
    }
    return refuse(res, current.status, version, current.status === 400 ? current.errors : [])
  }

  const ROUTES: Record<string, MeldEndpoint> = {
    'GET /service-providers/properties/countries': 'countries',
    'GET /service-providers/properties/fiat-currencies': 'fiat-currencies',
    'GET /service-providers/properties/crypto-currencies': 'crypto-currencies',
    'GET /service-providers/properties/payment-methods': 'payment-methods',
    'GET /service-providers/limits/fiat-currency-purchases': 'limits',
    'POST /payments/crypto/quote': 'quote',
    'POST /crypto/session/widget': 'widget'
  }

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const target = new URL(req.url ?? '/', 'http://stand-in')
    if (req.method === 'GET' && target.pathname === '/') return widgetPage(res, target.searchParams.get('token') ?? '')
    if (req.method === 'GET' && target.pathname.startsWith('/provider/'))
      return widgetPage(res, sessions.find(s => s.id === target.searchParams.get('sessionId'))?.token ?? '')
    const asked = req.headers['meld-version']
    const version = typeof asked === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(asked) ? asked : defaultVersion
    let body: unknown
    if (req.method === 'POST') {
      try {
        body = JSON.parse(await readBody(req, 65_536))
      } catch {
        return refuse(res, 400, version, ['JSON parse error'])
      }
    }
    const key = /^basic (.+)$/i.exec(req.headers.authorization ?? '')?.[1]
    const authorized = key !== undefined && keys.has(key)
    calls.push({
      method: req.method ?? 'GET',
      path: target.pathname,
      query: Object.fromEntries(target.searchParams),
      ...(body === undefined ? {} : { body }),
      ...(typeof asked === 'string' ? { version: asked } : {}),
      authorized
    })
    if (calls.length > 10_000) calls.shift()
    if (!authorized) return refuse(res, 401, version)
    const transactionId = req.method === 'GET' ? /^\/payments\/transactions\/([A-Za-z0-9]{1,64})$/.exec(target.pathname)?.[1] : undefined
    const endpoint = transactionId ? 'transaction' : ROUTES[`${req.method} ${target.pathname}`]
    if (!endpoint) return refuse(res, 404, version)
    const current = failures.take(endpoint)
    if (current) return failWith(res, current, version)
    const record = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {}
    try {
      if (endpoint === 'quote') return send(res, 200, quote(record), version)
      if (endpoint === 'widget') return send(res, 200, widget(record), version)
      if (endpoint === 'transaction') {
        const transaction = transactions.find(t => t.id === transactionId)
        return transaction ? send(res, 200, { transaction }, version) : refuse(res, 404, version)
      }
      return send(res, 200, search(endpoint, Object.fromEntries(target.searchParams)), version)
    } catch (error) {
      if (error instanceof Refusal) return refuse(res, 400, version, error.errors)
      throw error
    }
  }

  const loopback = await listenLoopback(handle, res => refuse(res, 500, defaultVersion), options.port)
  url = loopback.url

  return {
    url,
    calls,
    sessions,
    transactions,
    fail(next, times = Infinity, endpoint) {
      failures.set(next, times, endpoint)
    },
    recover() {
      failures.clear()
    },
    async completePurchase(sessionId, txHash, webhook = options.webhook) {
      const session = sessions.find(s => s.id === sessionId)
      if (!session) throw new Error(`no widget session ${sessionId}`)
      const d = session.sessionData
      const asset = crypto.find(c => c.currencyCode === d.destinationCurrencyCode)!
      const amount = cents(d.sourceAmount ?? '100') ?? 10_000n
      const method = String(d.paymentMethodType ?? 'CREDIT_DEBIT_CARD')
      const quoted = quote({
        countryCode: d.countryCode,
        sourceCurrencyCode: d.sourceCurrencyCode ?? 'USD',
        destinationCurrencyCode: asset.currencyCode,
        sourceAmount: numberOf(amount, 2),
        paymentMethodType: method,
        serviceProviders: [d.serviceProvider]
      }).quotes[0]!
      const at = new Date(now()).toISOString()
      const transaction: MeldTransaction = {
        id: id(),
        sessionId: session.id,
        status: 'SETTLED',
        transactionType: 'CRYPTO_PURCHASE',
        serviceProvider: quoted.serviceProvider,
        countryCode: String(d.countryCode),
        sourceAmount: quoted.sourceAmount,
        sourceCurrencyCode: quoted.sourceCurrencyCode,
        destinationAmount: quoted.destinationAmount,
        destinationCurrencyCode: asset.currencyCode,
        paymentMethodType: quoted.paymentMethodType,
        externalCustomerId: session.externalCustomerId,
        externalSessionId: session.externalSessionId,
        createdAt: at,
        updatedAt: at,
        cryptoDetails: {
          walletAddress: String(d.walletAddress),
          blockchainTransactionId: txHash,
          chainId: asset.chainId,
          networkFee: quoted.networkFee,
          transactionFee: quoted.transactionFee,
          partnerFee: quoted.partnerFee,
          totalFee: quoted.totalFee
        }
      }
      transactions.push(transaction)
      if (!webhook) return { transaction }
      const event = JSON.stringify({
        eventType: 'TRANSACTION_CRYPTO_COMPLETE',
        eventId: id(),
        timestamp: at,
        accountId: 'W2aRZnYGPwhBWB94iFsZus',
        profileId: 'W9ka8vLE4ufBkSg3BEciZb',
        version: '2025-03-01',
        payload: {
          requestId: randomBytes(16).toString('hex'),
          accountId: 'W2aRZnYGPwhBWB94iFsZus',
          paymentTransactionId: transaction.id,
          customerId: session.customerId,
          externalCustomerId: session.externalCustomerId,
          externalSessionId: session.externalSessionId,
          paymentTransactionStatus: 'SETTLED',
          sessionId: session.id
        },
        transactionType: 'CRYPTO_PURCHASE'
      })
      const timestamp = new Date(now()).toISOString()
      const response = await fetch(webhook.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'meld-signature': meldWebhookSignature(webhook.secret, timestamp, webhook.url, event),
          'meld-signature-timestamp': timestamp
        },
        body: event,
        signal: AbortSignal.timeout(10_000)
      })
      await response.arrayBuffer()
      return { transaction, delivered: response.status }
    },
    close: loopback.close
  }
}

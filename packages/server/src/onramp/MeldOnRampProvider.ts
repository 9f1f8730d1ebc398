// Meld (an aggregator of on-ramp service providers: Transak, MoonPay, Banxa, …) as an on-ramp
// provider, following its published reference (https://docs.meld.io):
//   GET  /service-providers/properties/crypto-currencies   ("Search crypto currencies")
//        -> [{ currencyCode, name, chainCode, chainName, chainId, contractAddress }]
//   GET  /service-providers/properties/fiat-currencies     -> [{ currencyCode, name }]
//   GET  /service-providers/properties/payment-methods     -> [{ paymentMethod, name, paymentType }]
//   GET  /service-providers/limits/fiat-currency-purchases -> [{ currencyCode, minimumAmount, maximumAmount }]
//        each asked with categories=CRYPTO_ONRAMP, accountFilter=true (what the account's providers
//        serve), countries=<countryCode>; the limits once per payment method (paymentMethodTypes)
//   POST /payments/crypto/quote { countryCode, sourceCurrencyCode, destinationCurrencyCode,
//        sourceAmount (number), paymentMethodType, subdivision? }   ("Create a crypto quote",
//        https://docs.meld.io/reference/crypto-quote-get)
//        -> { quotes: [{ serviceProvider, sourceAmount, sourceAmountWithoutFees, totalFee, networkFee,
//             transactionFee, partnerFee, destinationAmount, destinationCurrencyCode, customerScore, … }],
//             error, message }   one quote per service provider
//   POST /crypto/session/widget { sessionType: 'BUY', sessionData: { walletAddress, countryCode,
//        sourceCurrencyCode, sourceAmount, destinationCurrencyCode, serviceProvider, paymentMethodType },
//        externalCustomerId }   ("Create a crypto widget", https://docs.meld.io/api-reference/crypto/
//        retail-ramp/crypto-session-widget-create) -> { id, customerId, widgetUrl, token }
//   GET  /payments/transactions/{id}   ("Get transaction by id") -> { transaction: { status,
//        transactionType, sourceAmount, sourceCurrencyCode, destinationAmount, destinationCurrencyCode,
//        cryptoDetails: { walletAddress, blockchainTransactionId, chainId } } }, read when a signed
//        webhook reports a purchase (MeldWebhook.ts)
// Every call carries `Authorization: BASIC <API key>` (the key as the dashboard shows it) and
// `Meld-Version: 2023-12-19` ("Versioning": the newest version not newer than the date asked; the
// shapes above hold for it). Hosts: https://api.meld.io, sandbox https://api-sb.meld.io; the widget
// is served from https://meldcrypto.com (sandbox https://sb.meldcrypto.com). Refusals are Meld's
// error body { code, message, errors: ['[field] …'], requestId, timestamp }: the `errors` are the
// reason shown; 401 ("Invalid credentials") and 403 are the operator's credentials, 5xx "should be
// treated the same". Meld's amounts are JSON numbers: read exactly as decimal text, never summed in
// floating point. Not used: customer and KYC fields, sell and transfer sessions, `redirectUrl`,
// preset crypto amounts (the widget takes a fiat `sourceAmount` only).
import * as v from 'valibot'
import { randomBytes } from 'node:crypto'
import { AccountAddressSchema, type OnRampQuote, type PaymentCurrency, type PurchaseCurrency } from '@wallet-modal/wire'
import { ApiError } from '../http/ApiError.js'
import type { OnRampCheckoutRequest, OnRampOptions, OnRampProviderApi, OnRampQuoteRequest } from './OnRampProvider.js'
import type { OnRampPurchase } from './OnRampPurchases.js'
import { providerCall, providerText, type ProviderRefusal } from './providerCall.js'

/** Meld's API, its sandbox, and the widget each serves. */
export const MELD_API_URL = 'https://api.meld.io'
export const MELD_SANDBOX_API_URL = 'https://api-sb.meld.io'
export const MELD_WIDGET_ORIGIN = 'https://meldcrypto.com'
export const MELD_SANDBOX_WIDGET_ORIGIN = 'https://sb.meldcrypto.com'

/** The API version every call names (`Meld-Version`), so an account's default cannot change the shapes read. */
export const MELD_VERSION = '2023-12-19'

/** The amount a checkout opens with when the visitor typed none (Meld's widget default). */
export const MELD_DEFAULT_AMOUNT = '100'

/** Options of {@link MeldOnRampProvider}. */
export interface MeldOnRampOptions {
  /** The API key from the Meld dashboard (`id:secret`), sent as `BASIC <key>`; never leaves this server. */
  apiKey: string
  /** The CAIP-2 networks the site sells on through Meld (others Meld lists are left out). */
  networks: string[]
  /** Meld's API base (default {@link MELD_API_URL}; the sandbox is {@link MELD_SANDBOX_API_URL}). */
  baseUrl?: string
  /** ISO 3166-1 country the options, quotes and checkouts are asked for (default US). */
  countryCode?: string
  /** Subdivision for quotes (Meld reads it for US and CA only). */
  subdivision?: string
  /** The origin of the widget pages (default: Meld's for its production or sandbox host, else the API's own origin). */
  widgetOrigin?: string
  /** A webhook profile reporting purchases: its secret, and the URL Meld posts to (the signature covers it). */
  webhook?: { secret: string; url: string }
  /** Time for each call, the whole answer included. */
  timeoutMs: number
}

/** The CAIP-2 networks of Meld's non-EVM chain codes the modal serves (EVM chains carry a `chainId`). */
const NON_EVM_CHAINS: Record<string, string> = {
  SOLANA: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  BTC: 'bip122:000000000019d6689c085ae165831e93',
  BITCOIN: 'bip122:000000000019d6689c085ae165831e93'
}

/** Meld's codes, kept only when they fit the wire's ids. */
const CODE = /^[A-Za-z0-9._-]{1,64}$/
const Text = v.pipe(v.string(), v.maxLength(200))
const Amount = v.pipe(v.number(), v.finite(), v.minValue(0))

const CryptoCurrenciesSchema = v.pipe(
  v.array(
    v.object({ currencyCode: Text, name: Text, chainCode: Text, chainName: v.nullish(Text), chainId: v.nullish(Text), contractAddress: v.nullish(Text) })
  ),
  v.maxLength(5000)
)
const FiatCurrenciesSchema = v.pipe(v.array(v.object({ currencyCode: Text, name: v.nullish(Text) })), v.maxLength(500))
const PaymentMethodsSchema = v.pipe(v.array(v.object({ paymentMethod: Text, name: v.nullish(Text), paymentType: v.nullish(Text) })), v.maxLength(500))
const LimitsSchema = v.pipe(v.array(v.object({ currencyCode: Text, minimumAmount: v.nullish(Amount), maximumAmount: v.nullish(Amount) })), v.maxLength(500))
const QuoteSchema = v.object({
  serviceProvider: v.pipe(v.string(), v.regex(/^[A-Z0-9_]{1,64}$/)),
  sourceAmount: Amount,
  sourceAmountWithoutFees: v.nullish(Amount),
  sourceCurrencyCode: Text,
  destinationAmount: Amount,
  destinationCurrencyCode: Text,
  totalFee: v.nullish(Amount),
  networkFee: v.nullish(Amount),
  transactionFee: v.nullish(Amount),
  partnerFee: v.nullish(Amount),
  paymentMethodType: v.nullish(Text),
  customerScore: v.nullish(v.number())
})
const QuotesSchema = v.object({ quotes: v.nullish(v.pipe(v.array(QuoteSchema), v.maxLength(200))), error: v.nullish(v.string()) })
const WidgetSchema = v.object({ id: Text, widgetUrl: v.pipe(v.string(), v.minLength(1), v.maxLength(8192)) })
const TransactionSchema = v.object({
  transaction: v.object({
    id: Text,
    status: Text,
    transactionType: Text,
    sourceAmount: v.nullish(Amount),
    sourceCurrencyCode: v.nullish(Text),
    destinationAmount: v.nullish(Amount),
    destinationCurrencyCode: v.nullish(Text),
    cryptoDetails: v.nullish(v.object({ walletAddress: v.nullish(Text), blockchainTransactionId: v.nullish(Text), chainId: v.nullish(Text) }))
  })
})

/** A Meld quote, as read. */
type MeldQuote = v.InferOutput<typeof QuoteSchema>

/** Fixed-point units of the exact arithmetic below (18 decimals, the wire's most). */
const PLACES = 18
const ONE = 10n ** BigInt(PLACES)

/**
 * A JSON number from Meld as exact units: its shortest decimal form (what Meld wrote), exponent
 * form expanded, past 18 places cut. Undefined if negative, not finite, or beyond 20 whole digits.
 */
function unitsOf(value: number): bigint | undefined {
  if (!Number.isFinite(value) || value < 0) return undefined
  let text = String(value)
  const exponent = /^(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text)
  if (exponent) {
    const digits = exponent[1]! + (exponent[2] ?? '')
    const point = exponent[1]!.length + Number(exponent[3])
    text =
      point <= 0
        ? `0.${'0'.repeat(-point)}${digits}`
        : point >= digits.length
          ? digits + '0'.repeat(point - digits.length)
          : `${digits.slice(0, point)}.${digits.slice(point)}`
  }
  const [whole = '0', fraction = ''] = text.split('.')
  if (whole.replace(/^0+(?=\d)/, '').length > 20) return undefined
  return BigInt(whole) * ONE + BigInt(fraction.slice(0, PLACES).padEnd(PLACES, '0'))
}

/** Units as decimal text: `minPlaces` decimals at least ('2.50' for money), trailing zeros beyond dropped. */
function textOf(units: bigint, minPlaces = 0): string {
  const whole = units / ONE
  const fraction = (units % ONE).toString().padStart(PLACES, '0').replace(/0+$/, '').padEnd(minPlaces, '0')
  return fraction ? `${whole}.${fraction}` : whole.toString()
}

/** Units of a required amount, or the malformed-answer error. */
function required(value: number | null | undefined, what: string): bigint {
  const units = value === null || value === undefined ? undefined : unitsOf(value)
  if (units === undefined) throw new ApiError(502, `Meld gave a malformed ${what}`)
  return units
}

/** 'USDC_BASE' -> 'USDC': the ticker of Meld's one-asset-on-one-chain code. */
function symbolOf(code: string): string {
  return code.split('_')[0]!
}

/** The CAIP-2 network of a Meld crypto currency: eip155 by its chain id, else by its chain code. */
function networkOf(chainId: string | null | undefined, chainCode: string | null | undefined): string | undefined {
  if (chainId && /^\d{1,12}$/.test(chainId)) return `eip155:${chainId}`
  return chainCode ? NON_EVM_CHAINS[chainCode.toUpperCase()] : undefined
}

/** Meld's refusals: its `errors` ('[sourceAmount] must not be null') are the reason shown. */
function meldRefusal({ status, body }: ProviderRefusal): ApiError | undefined {
  // 401/403 (credentials), 429 and 5xx keep providerCall's reading.
  if (status < 400 || status >= 500 || status === 401 || status === 403 || status === 429) return undefined
  const errors = Array.isArray(body?.errors) ? body.errors.filter((e): e is string => typeof e === 'string').slice(0, 5) : []
  const reason = errors.length > 0 ? errors.join('; ') : typeof body?.message === 'string' ? body.message : ''
  return new ApiError(400, `Meld: ${providerText(reason) || `refused (HTTP ${status})`}`)
}

/**
 * The best of Meld's quotes: the most crypto for the money, and of equals the one Meld scores as
 * likelier to succeed for this customer (`customerScore`).
 */
function bestQuote(quotes: readonly MeldQuote[]): MeldQuote | undefined {
  let best: MeldQuote | undefined
  let bestAmount = -1n
  for (const quote of quotes) {
    const amount = unitsOf(quote.destinationAmount) ?? -1n
    if (amount > bestAmount || (amount === bestAmount && best && (quote.customerScore ?? 0) > (best.customerScore ?? 0))) {
      best = quote
      bestAmount = amount
    }
  }
  return best
}

/**
 * Meld as an on-ramp provider (spec §9's Meld, 1–2%, EVM and Solana): what the account's service
 * providers sell in the configured country on the configured networks, quotes from all of them (the
 * one giving the most crypto is shown, its provider named in `quoteId`), and Meld's widget opened on
 * that provider for the visitor's wallet. Each call is authenticated with the API key, has the
 * upstream timeout over its whole answer and a size cap, and is checked field by field; Meld's
 * refusals come back as errors the modal shows (see `providerCall`).
 *
 * @example
 * ```ts
 * const meld = new MeldOnRampProvider({ apiKey, networks: ['eip155:8453'], timeoutMs: 10_000 })
 * const quote = await meld.quote({ purchaseCurrency: 'USDC_BASE', paymentCurrency: 'USD', amount: '50', network: 'base', paymentMethod: 'card' })
 * ```
 */
export class MeldOnRampProvider implements OnRampProviderApi {
  readonly info
  readonly checkoutOrigin: string
  /** The webhook profile, when purchases are reported to this server. */
  readonly webhook: { secret: string; url: string } | undefined
  private readonly base: string
  private readonly country: string
  /** Meld's payment method behind each of the modal's ('card', 'bank'), as the last options read them. */
  private methods: Record<string, string> = { card: 'CREDIT_DEBIT_CARD', bank: 'BANK_TRANSFER' }

  constructor(private readonly config: MeldOnRampOptions) {
    this.info = { id: 'meld', name: 'Meld', feeRange: '1-2%', networks: [...config.networks] }
    const base = new URL(config.baseUrl ?? MELD_API_URL)
    this.base = base.href.endsWith('/') ? base.href : `${base.href}/`
    this.country = config.countryCode ?? 'US'
    this.checkoutOrigin = config.widgetOrigin
      ? new URL(config.widgetOrigin).origin
      : base.host === 'api.meld.io'
        ? MELD_WIDGET_ORIGIN
        : base.host === 'api-sb.meld.io'
          ? MELD_SANDBOX_WIDGET_ORIGIN
          : base.origin
    this.webhook = config.webhook
  }

  private call<S extends v.GenericSchema>(
    method: 'GET' | 'POST',
    path: string,
    schema: S,
    body?: unknown,
    query: Record<string, string | undefined> = {}
  ): Promise<v.InferOutput<S>> {
    // Relative to the base, so a proxy's path prefix is kept.
    const url = new URL(path.replace(/^\//, ''), this.base)
    for (const [k, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(k, value)
    return providerCall(
      'Meld',
      url,
      { method, headers: { authorization: `BASIC ${this.config.apiKey}`, 'meld-version': MELD_VERSION }, body },
      schema,
      this.config.timeoutMs,
      { refusal: meldRefusal }
    )
  }

  /** Meld's payment method for one of the modal's (undefined: Meld's default for each provider). */
  private methodFor(id: string | undefined): string | undefined {
    return id === undefined ? undefined : this.methods[id]
  }

  async options(): Promise<OnRampOptions> {
    const query = { categories: 'CRYPTO_ONRAMP', accountFilter: 'true', countries: this.country }
    const [crypto, fiat, methods] = await Promise.all([
      this.call('GET', '/service-providers/properties/crypto-currencies', CryptoCurrenciesSchema, undefined, query),
      this.call('GET', '/service-providers/properties/fiat-currencies', FiatCurrenciesSchema, undefined, query),
      this.call('GET', '/service-providers/properties/payment-methods', PaymentMethodsSchema, undefined, query)
    ])
    // The modal offers card and bank: Meld's card, and the country's first bank transfer (ACH, SEPA, …).
    const card = methods.find(m => m.paymentMethod === 'CREDIT_DEBIT_CARD') ?? methods.find(m => m.paymentType === 'CARD')
    const bank = methods.find(m => m.paymentType === 'BANK_TRANSFER')
    const offered = Object.entries({ card: card?.paymentMethod, bank: bank?.paymentMethod }).filter(
      (e): e is [string, string] => e[1] !== undefined && CODE.test(e[1])
    )
    this.methods = { ...this.methods, ...Object.fromEntries(offered) }
    const limits = await Promise.all(
      offered.map(([, method]) =>
        this.call('GET', '/service-providers/limits/fiat-currency-purchases', LimitsSchema, undefined, { ...query, paymentMethodTypes: method })
      )
    )
    const paymentCurrencies: PaymentCurrency[] = fiat
      .filter(f => CODE.test(f.currencyCode))
      .map(f => ({
        id: f.currencyCode,
        payment_method_limits: offered.flatMap(([id], i) => {
          const limit = limits[i]!.find(l => l.currencyCode === f.currencyCode)
          const min = limit?.minimumAmount === null || limit?.minimumAmount === undefined ? undefined : unitsOf(limit.minimumAmount)
          const max = limit?.maximumAmount === null || limit?.maximumAmount === undefined ? undefined : unitsOf(limit.maximumAmount)
          return min !== undefined && max !== undefined && min <= max ? [{ id, min: textOf(min), max: textOf(max) }] : []
        })
      }))
      .filter(c => c.payment_method_limits.length > 0)
    const purchaseCurrencies: PurchaseCurrency[] = crypto.flatMap(c => {
      const network = networkOf(c.chainId, c.chainCode)
      if (!network || !this.config.networks.includes(network) || !CODE.test(c.currencyCode) || !CODE.test(c.chainCode)) return []
      return [
        {
          id: c.currencyCode,
          name: c.name,
          symbol: symbolOf(c.currencyCode),
          networks: [
            {
              name: c.chainCode.toLowerCase(),
              display_name: c.chainName ?? c.chainCode,
              chain_id: network.slice(network.indexOf(':') + 1),
              contract_address: c.contractAddress ?? ''
            }
          ]
        }
      ]
    })
    return { purchaseCurrencies, paymentCurrencies }
  }

  /** All of Meld's quotes for a purchase, and the best. */
  private async bestOf(request: { purchaseCurrency: string; paymentCurrency: string; amount: string; paymentMethod?: string }): Promise<MeldQuote> {
    const answer = await this.call('POST', '/payments/crypto/quote', QuotesSchema, {
      countryCode: this.country,
      sourceCurrencyCode: request.paymentCurrency,
      destinationCurrencyCode: request.purchaseCurrency,
      sourceAmount: Number(request.amount),
      ...(this.methodFor(request.paymentMethod) ? { paymentMethodType: this.methodFor(request.paymentMethod) } : {}),
      ...(this.config.subdivision ? { subdivision: this.config.subdivision } : {})
    })
    if (answer.error) throw new ApiError(400, `Meld: ${providerText(answer.error)}`)
    // Only quotes for what was asked count.
    const best = bestQuote(
      (answer.quotes ?? []).filter(q => q.destinationCurrencyCode === request.purchaseCurrency && q.sourceCurrencyCode === request.paymentCurrency)
    )
    if (!best) throw new ApiError(400, `Meld: no service provider quotes ${request.amount} ${request.paymentCurrency} of ${request.purchaseCurrency}`)
    return best
  }

  async quote(request: OnRampQuoteRequest): Promise<OnRampQuote> {
    const best = await this.bestOf(request)
    const total = required(best.sourceAmount, 'total')
    const networkFee = best.networkFee === null || best.networkFee === undefined ? 0n : required(best.networkFee, 'network fee')
    // Meld's totalFee is every fee (network, the service provider's, the partner's); without it, the parts.
    const totalFee =
      best.totalFee === null || best.totalFee === undefined
        ? networkFee + (best.transactionFee ? required(best.transactionFee, 'fee') : 0n) + (best.partnerFee ? required(best.partnerFee, 'fee') : 0n)
        : required(best.totalFee, 'total fee')
    const subtotal =
      best.sourceAmountWithoutFees === null || best.sourceAmountWithoutFees === undefined
        ? total - totalFee
        : required(best.sourceAmountWithoutFees, 'subtotal')
    const providerFee = totalFee - networkFee
    if (providerFee < 0n || subtotal < 0n || subtotal > total) throw new ApiError(502, 'Meld gave a malformed quote')
    const money = (units: bigint) => ({ amount: textOf(units, 2), currency: request.paymentCurrency })
    return {
      purchaseAmount: { amount: textOf(required(best.destinationAmount, 'purchase amount')), currency: symbolOf(request.purchaseCurrency) },
      paymentSubtotal: money(subtotal),
      paymentTotal: money(total),
      networkFee: money(networkFee),
      providerFee: money(providerFee),
      // Names the service provider whose quote this is.
      quoteId: `${best.serviceProvider}:${randomBytes(8).toString('hex')}`
    }
  }

  async checkoutUrl(request: OnRampCheckoutRequest): Promise<string> {
    const asset = request.defaultAsset ?? request.assets[0]!
    const currency = request.fiatCurrency ?? 'USD'
    const amount = request.presetFiatAmount ?? MELD_DEFAULT_AMOUNT
    // Meld's widget opens one service provider: the one with the best quote for this purchase.
    const best = await this.bestOf({
      purchaseCurrency: asset,
      paymentCurrency: currency,
      amount,
      ...(request.paymentMethod ? { paymentMethod: request.paymentMethod } : {})
    })
    const session = await this.call('POST', '/crypto/session/widget', WidgetSchema, {
      sessionType: 'BUY',
      sessionData: {
        walletAddress: request.address,
        countryCode: this.country,
        sourceCurrencyCode: currency,
        sourceAmount: amount,
        destinationCurrencyCode: asset,
        serviceProvider: best.serviceProvider,
        ...(best.paymentMethodType ? { paymentMethodType: best.paymentMethodType } : {})
      },
      externalCustomerId: request.partnerUserId
    })
    let url: URL
    try {
      url = new URL(session.widgetUrl)
    } catch {
      throw new ApiError(502, 'Meld gave a malformed widget URL')
    }
    // The modal opens this page: only on the widget's own origin.
    if (url.origin !== this.checkoutOrigin) throw new ApiError(502, 'Meld answered a widget URL on another origin')
    return url.href
  }

  /**
   * The purchase a Meld transaction paid out, read from Meld (a webhook only names the transaction):
   * undefined unless it is a settled purchase, with its blockchain transaction, on a network sold here.
   *
   * @param transactionId - Meld's `paymentTransactionId`.
   */
  async purchase(transactionId: string): Promise<OnRampPurchase | undefined> {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(transactionId)) return undefined
    const { transaction: t } = await this.call('GET', `/payments/transactions/${transactionId}`, TransactionSchema)
    const details = t.cryptoDetails
    if (
      t.transactionType !== 'CRYPTO_PURCHASE' ||
      t.status !== 'SETTLED' ||
      !details?.blockchainTransactionId ||
      !details.walletAddress ||
      !t.destinationCurrencyCode
    )
      return undefined
    const suffix = t.destinationCurrencyCode.includes('_')
      ? t.destinationCurrencyCode.slice(t.destinationCurrencyCode.lastIndexOf('_') + 1)
      : t.destinationCurrencyCode
    const network = networkOf(details.chainId, suffix)
    if (!network || !this.config.networks.includes(network)) return undefined
    const hash = details.blockchainTransactionId
    if (!/^(0x[0-9a-fA-F]{64}|[1-9A-HJ-NP-Za-km-z]{64,88})$/.test(hash) || !v.is(AccountAddressSchema, details.walletAddress)) return undefined
    const amount = t.destinationAmount === null || t.destinationAmount === undefined ? undefined : unitsOf(t.destinationAmount)
    const fiatAmount = t.sourceAmount === null || t.sourceAmount === undefined ? undefined : unitsOf(t.sourceAmount)
    if (amount === undefined || fiatAmount === undefined || !t.sourceCurrencyCode || !CODE.test(t.sourceCurrencyCode)) return undefined
    return {
      provider: 'meld',
      chainId: network,
      txHash: hash,
      address: details.walletAddress,
      asset: symbolOf(t.destinationCurrencyCode).slice(0, 32),
      amount: textOf(amount),
      fiatAmount: textOf(fiatAmount, 2),
      fiatCurrency: t.sourceCurrencyCode.slice(0, 8)
    }
  }
}

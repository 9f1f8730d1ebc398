import { randomBytes } from 'node:crypto'
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

/** Options of {@link CoinbaseOnRampProvider}. */
export interface CoinbaseOnRampOptions {
  /** The CDP API key's name (`organizations/…/apiKeys/…` or its id): the JWT's `kid` and `sub`. */
  keyId: string
  /** The CDP API key's Ed25519 secret, base64 (64 bytes: seed and public key, as CDP hands it out). */
  keySecret: string
  /** The CAIP-2 networks the site may buy on through Coinbase. */
  networks: string[]
  /** ISO 3166-1 country the options and quotes are asked for (default US). */
  country?: string
  /** Another API base (a proxy, or a test's stand-in); default {@link COINBASE_API_URL}. */
  apiUrl?: string
  /** Another checkout base; default {@link COINBASE_PAY_URL}. */
  payUrl?: string
  timeoutMs: number
}

/** How Coinbase names payment methods, and how the modal does. */
const METHODS: Record<string, string> = { CARD: 'card', ACH_BANK_ACCOUNT: 'bank' }
const COINBASE_METHOD = Object.fromEntries(Object.entries(METHODS).map(([k, v]) => [v, k]))

const Money = v.object({ value: v.string(), currency: v.string() })
const OptionsSchema = v.object({
  payment_currencies: v.array(v.object({ id: v.string(), limits: v.array(v.object({ id: v.string(), min: v.string(), max: v.string() })) })),
  purchase_currencies: v.array(
    v.object({
      id: v.string(),
      name: v.string(),
      symbol: v.string(),
      networks: v.array(v.object({ name: v.string(), display_name: v.string(), chain_id: v.string(), contract_address: v.string() }))
    })
  )
})
const QuoteSchema = v.object({ payment_total: Money, payment_subtotal: Money, purchase_amount: Money, coinbase_fee: Money, network_fee: Money, quote_id: v.string() })
const TokenSchema = v.object({ token: v.pipe(v.string(), v.minLength(1), v.maxLength(4096)) })

/** A decimal as the wire contract carries it (Coinbase may write `"10"` or `"10.5"`; nothing else passes). */
function decimal(value: string, what: string): string {
  if (!/^\d{1,20}(\.\d{1,18})?$/.test(value)) throw new ApiError(502, `Coinbase gave a malformed ${what}`)
  return value
}

/**
 * Coinbase Onramp as a provider (spec §9: Coinbase, 1–2%, EVM): options and quotes from its buy
 * API, and its hosted checkout opened with a session token made for the destination wallet. Each
 * call is signed with a short-lived JWT (EdDSA, the CDP API key's Ed25519 secret; `uri` names the
 * one call it is good for), has the upstream timeout over its whole answer, and is checked field by
 * field.
 *
 * @example
 * ```ts
 * const coinbase = new CoinbaseOnRampProvider({ keyId, keySecret, networks: ['eip155:8453'], timeoutMs: 10_000 })
 * const quote = await coinbase.quote({ purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: '50', network: 'base' })
 * ```
 */
export class CoinbaseOnRampProvider implements OnRampProviderApi {
  readonly info
  readonly checkoutOrigin: string
  private readonly seed: Uint8Array

  constructor(private readonly config: CoinbaseOnRampOptions) {
    this.info = { id: 'coinbase', name: 'Coinbase', feeRange: '1-2%', networks: [...config.networks] }
    this.checkoutOrigin = new URL(config.payUrl ?? COINBASE_PAY_URL).origin
    const secret = base64.decode(config.keySecret)
    if (secret.length !== 64 && secret.length !== 32) throw new Error('onramp coinbase keySecret: a base64 Ed25519 secret (32 or 64 bytes)')
    this.seed = secret.slice(0, 32)
  }

  /** The bearer JWT for one call (valid two minutes, bound to its method, host and path). */
  jwt(method: string, url: URL): string {
    const now = Math.floor(Date.now() / 1000)
    const encode = (value: unknown) => base64urlnopad.encode(new TextEncoder().encode(JSON.stringify(value)))
    const header = encode({ alg: 'EdDSA', typ: 'JWT', kid: this.config.keyId, nonce: randomBytes(16).toString('hex') })
    const payload = encode({ sub: this.config.keyId, iss: 'cdp', nbf: now, exp: now + 120, uri: `${method} ${url.host}${url.pathname}` })
    const signature = ed25519.sign(new TextEncoder().encode(`${header}.${payload}`), this.seed)
    return `${header}.${payload}.${base64urlnopad.encode(signature)}`
  }

  private call<S extends v.GenericSchema>(method: 'GET' | 'POST', path: string, schema: S, body?: unknown, query: Record<string, string> = {}): Promise<v.InferOutput<S>> {
    const url = new URL(path, this.config.apiUrl ?? COINBASE_API_URL)
    for (const [k, value] of Object.entries(query)) url.searchParams.set(k, value)
    return providerCall('Coinbase', url, { method, headers: { authorization: `Bearer ${this.jwt(method, url)}` }, body }, schema, this.config.timeoutMs)
  }

  async options(): Promise<OnRampOptions> {
    const answer = await this.call('GET', '/onramp/v1/buy/options', OptionsSchema, undefined, { country: this.config.country ?? 'US' })
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
      paymentAmount: Number(request.amount).toFixed(2),
      paymentCurrency: request.paymentCurrency,
      paymentMethod: COINBASE_METHOD[request.paymentMethod ?? 'card'] ?? 'UNSPECIFIED',
      country: this.config.country ?? 'US'
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
    // A session token names the destination wallet: the checkout cannot be pointed elsewhere.
    const { token } = await this.call('POST', '/onramp/v1/token', TokenSchema, { addresses: [{ address: request.address, blockchains: request.networks }], assets: request.assets })
    const url = new URL('/buy/select-asset', this.config.payUrl ?? COINBASE_PAY_URL)
    const params: Record<string, string | undefined> = {
      sessionToken: token,
      defaultNetwork: request.defaultNetwork,
      defaultAsset: request.defaultAsset,
      partnerUserId: request.partnerUserId,
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

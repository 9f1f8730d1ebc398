import type { OnRampProvider as OnRampProviderInfo, OnRampQuote, PaymentCurrency, PurchaseCurrency } from '@wallet-modal/wire'

/** What a provider sells and takes. */
export interface OnRampOptions {
  purchaseCurrencies: PurchaseCurrency[]
  paymentCurrencies: PaymentCurrency[]
}

/** A quote asked of a provider: `amount` of `paymentCurrency` for `purchaseCurrency` on `network`. */
export interface OnRampQuoteRequest {
  purchaseCurrency: string
  paymentCurrency: string
  paymentMethod?: string
  amount: string
  network: string
}

/** A checkout a provider opens: where the crypto goes and what the form starts with. */
export interface OnRampCheckoutRequest {
  address: string
  networks: string[]
  assets: string[]
  defaultNetwork: string
  defaultAsset?: string
  partnerUserId: string
  presetFiatAmount?: string
  presetCryptoAmount?: string
  fiatCurrency?: string
  paymentMethod?: string
  /** The visitor's IP address as this server sees it (Coinbase binds its session token to it). */
  clientIp?: string
}

/**
 * An on-ramp provider behind `/v1/onramp/*` and `/v1/generators/onrampurl` (spec §7). Every call
 * reaches the provider over the network with a timeout covering the whole answer; a refusal is an
 * `ApiError(400)` carrying the provider's reason, an unreachable or slow provider a 502 or 504.
 */
export interface OnRampProviderApi {
  /** How the modal lists it. */
  readonly info: OnRampProviderInfo
  /** The origin of its checkout pages: a checkout URL elsewhere is refused. */
  readonly checkoutOrigin: string
  /** The assets it sells and the currencies and limits it takes. */
  options(): Promise<OnRampOptions>
  /** What an amount buys now, with every fee. */
  quote(request: OnRampQuoteRequest): Promise<OnRampQuote>
  /** The provider's checkout page for one purchase. */
  checkoutUrl(request: OnRampCheckoutRequest): Promise<string>
}

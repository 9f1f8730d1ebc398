import * as v from 'valibot'
import { ClientParamsSchema } from './ClientParams.js'
import { defineEndpoint } from './Endpoint.js'
import { AccountAddressSchema, Caip2Schema } from './formats.js'

// The on-ramp (spec §7 `/v1/onramp/options`, `/v1/onramp/quote`, `/v1/generators/onrampurl`):
// buying crypto with money through a provider. Money amounts are decimal text ('50', '50.00') in
// the payment currency; crypto amounts decimal text in whole units of the asset.

/** A money or crypto amount: decimal text, at most 18 places. */
export const DecimalSchema = v.pipe(v.string(), v.maxLength(40), v.regex(/^\d{1,20}(\.\d{1,18})?$/, 'a decimal amount'))

/** A short identifier (a provider, a currency, a payment method, a network name). */
const IdSchema = v.pipe(v.string(), v.minLength(1), v.maxLength(64), v.regex(/^[A-Za-z0-9._-]+$/, 'letters, digits, dots, dashes and underscores'))

/** A network an asset can be bought on (spec §3: name, display_name, chain_id, contract_address). */
export const OnRampNetworkSchema = v.object({
  /** The provider's name of the network ('ethereum', 'devnet'). */
  name: v.string(),
  display_name: v.string(),
  /** The CAIP-2 reference (EVM chain id, Solana genesis hash prefix). */
  chain_id: v.string(),
  /** The token's contract or mint on it; '' for the network's coin. */
  contract_address: v.string()
})

/** An asset one can buy (spec §3 purchase currency). */
export const PurchaseCurrencySchema = v.object({ id: v.string(), name: v.string(), symbol: v.string(), networks: v.array(OnRampNetworkSchema) })
/** An asset one can buy. */
export type PurchaseCurrency = v.InferOutput<typeof PurchaseCurrencySchema>

/** How much one may pay with a payment method ('card', 'bank'), in the payment currency. */
export const PaymentMethodLimitSchema = v.object({ id: v.string(), min: DecimalSchema, max: DecimalSchema })

/** A currency one can pay with (spec §3 payment currency). */
export const PaymentCurrencySchema = v.object({ id: v.string(), payment_method_limits: v.array(PaymentMethodLimitSchema) })
/** A currency one can pay with. */
export type PaymentCurrency = v.InferOutput<typeof PaymentCurrencySchema>

/** An on-ramp provider the operator configured. */
export const OnRampProviderSchema = v.object({
  id: v.string(),
  name: v.string(),
  /** The provider's fees as people read them ('1-2%'). */
  feeRange: v.string(),
  /** The CAIP-2 networks it sells on. */
  networks: v.array(Caip2Schema)
})
/** An on-ramp provider. */
export type OnRampProvider = v.InferOutput<typeof OnRampProviderSchema>

/** Query of `/v1/onramp/options`: the client parameters, and optionally one provider's options. */
export const OnRampOptionsQuerySchema = v.object({ ...ClientParamsSchema.entries, provider: v.optional(IdSchema) })

/** `/v1/onramp/options` answer: the providers, and what the asked one (else the first) sells and takes. */
export const OnRampOptionsSchema = v.object({
  providers: v.array(OnRampProviderSchema),
  purchaseCurrencies: v.array(PurchaseCurrencySchema),
  paymentCurrencies: v.array(PaymentCurrencySchema)
})

/** Body of `POST /v1/onramp/quote`. */
export const OnRampQuoteBodySchema = v.strictObject({
  provider: v.optional(IdSchema),
  /** A purchase currency's id. */
  purchaseCurrency: IdSchema,
  /** A payment currency's id. */
  paymentCurrency: IdSchema,
  /** A payment method of that currency (default: the first). */
  paymentMethod: v.optional(IdSchema),
  /** What the visitor pays, in the payment currency. */
  amount: DecimalSchema,
  /** The purchase currency's network, by its `name`. */
  network: IdSchema
})

/** An amount in a currency. */
const MoneySchema = v.object({ amount: DecimalSchema, currency: v.string() })

/** A quote (spec §3): what the payment buys, and every fee in it. */
export const OnRampQuoteSchema = v.object({
  /** The crypto bought. */
  purchaseAmount: MoneySchema,
  /** What the crypto costs before fees. */
  paymentSubtotal: MoneySchema,
  /** What the visitor pays in all. */
  paymentTotal: MoneySchema,
  networkFee: MoneySchema,
  providerFee: MoneySchema,
  quoteId: v.string()
})
/** An on-ramp quote. */
export type OnRampQuote = v.InferOutput<typeof OnRampQuoteSchema>

/** `POST /v1/onramp/quote` answer. */
export const OnRampQuoteAnswerSchema = v.object({ quote: OnRampQuoteSchema })

/** Body of `POST /v1/generators/onrampurl` (spec §7). */
export const OnRampUrlBodySchema = v.strictObject({
  provider: v.optional(IdSchema),
  /** Where the bought crypto goes: one address, the networks' names and the assets' ids. */
  destinationWallets: v.pipe(
    v.array(
      v.strictObject({
        address: AccountAddressSchema,
        blockchains: v.pipe(v.array(IdSchema), v.minLength(1), v.maxLength(10)),
        assets: v.pipe(v.array(IdSchema), v.minLength(1), v.maxLength(10))
      })
    ),
    v.length(1, 'exactly one destination wallet')
  ),
  defaultNetwork: IdSchema,
  /** The site's id of the visitor at the provider (the modal sends the address). */
  partnerUserId: v.pipe(v.string(), v.minLength(1), v.maxLength(128)),
  defaultExperience: v.literal('buy'),
  /** The asset bought first (default the first of `assets`). */
  defaultAsset: v.optional(IdSchema),
  presetCryptoAmount: v.optional(DecimalSchema),
  presetFiatAmount: v.optional(DecimalSchema),
  fiatCurrency: v.optional(IdSchema),
  paymentMethod: v.optional(IdSchema)
})

/** `POST /v1/generators/onrampurl` answer: the provider's checkout page for this purchase. */
export const OnRampUrlSchema = v.object({ url: v.pipe(v.string(), v.url(), v.regex(/^https?:\/\//, 'an http(s) URL')) })

/** The on-ramp calls of spec §7. */
export const onrampEndpoints = {
  options: defineEndpoint({ method: 'GET', path: '/v1/onramp/options', query: OnRampOptionsQuerySchema, response: OnRampOptionsSchema }),
  quote: defineEndpoint({
    method: 'POST',
    path: '/v1/onramp/quote',
    query: ClientParamsSchema,
    body: OnRampQuoteBodySchema,
    response: OnRampQuoteAnswerSchema
  }),
  generateUrl: defineEndpoint({
    method: 'POST',
    path: '/v1/generators/onrampurl',
    query: ClientParamsSchema,
    body: OnRampUrlBodySchema,
    response: OnRampUrlSchema
  })
} as const

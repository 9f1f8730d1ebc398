import * as v from 'valibot'
import { ClientParamsSchema } from './ClientParams.js'
import { defineEndpoint } from './Endpoint.js'
import { Caip10Schema, Caip2Schema, EvmAddressSchema } from './formats.js'

// Swaps (spec §7 `/v1/convert/*`). Tokens are CAIP-10 ids; a chain's native coin is
// `{caip2}:native` (as in `/v1/fungible/price`). Amounts are base units, as decimal text.

/** An amount in a token's base units, as decimal text (at most 78 digits: a uint256). */
export const BaseUnitsSchema = v.pipe(v.string(), v.regex(/^[0-9]{1,78}$/, 'an amount in base units (decimal digits)'))

/** A positive amount in base units. */
export const PositiveBaseUnitsSchema = v.pipe(v.string(), v.maxLength(78), v.regex(/^[0-9]*[1-9][0-9]*$/, 'an amount above zero in base units'))

/** Query of `/v1/convert/tokens`. */
export const ConvertTokensQuerySchema = v.object({ ...ClientParamsSchema.entries, chainId: Caip2Schema })

/** A token one can swap on a network (spec §3 Swap token, without the account's quantity). */
export const SwapTokenSchema = v.object({
  name: v.string(),
  symbol: v.string(),
  /** CAIP-10 id; `{caip2}:native` for the network's coin. */
  address: Caip10Schema,
  decimals: v.number(),
  logoUri: v.string(),
  /** USD price of one unit (0 when unknown). */
  price: v.optional(v.number(), 0)
})
/** A token one can swap. */
export type SwapToken = v.InferOutput<typeof SwapTokenSchema>

/** `/v1/convert/tokens` answer. */
export const ConvertTokensSchema = v.object({ tokens: v.array(SwapTokenSchema) })

/** Query of `/v1/convert/quotes`: `amount` of `from` (base units) for `userAddress` (CAIP-10 account). */
export const ConvertQuotesQuerySchema = v.object({
  ...ClientParamsSchema.entries,
  amount: PositiveBaseUnitsSchema,
  userAddress: Caip10Schema,
  from: Caip10Schema,
  to: Caip10Schema,
  /** Gas price (wei) the network fee is estimated at; the node's when left out. */
  gasPrice: v.optional(BaseUnitsSchema)
})

/** One quote: what `amount` of `from` buys of `to` now, and on which route. */
export const SwapQuoteSchema = v.object({
  /** Names this quote for `build-transaction` until `expiresAt`. */
  id: v.string(),
  /** The provider that quoted (`uniswap-v2`, `1inch`). */
  provider: v.string(),
  fromAmount: BaseUnitsSchema,
  toAmount: BaseUnitsSchema,
  /** How much worse than the pools' mid price this trade is, in percent (fees excluded). */
  priceImpact: v.number(),
  /** The liquidity providers' fee, in `from`'s base units. */
  fee: v.object({ amount: BaseUnitsSchema, token: Caip10Schema }),
  /** The tokens the trade goes through, `from` first and `to` last (CAIP-10). */
  route: v.array(Caip10Schema),
  /** Estimated network fee of the swap, in wei. */
  gasFee: v.optional(BaseUnitsSchema),
  /** The spender an allowance must name (the exchange's router); absent for the native coin. */
  spender: v.optional(EvmAddressSchema),
  /** Epoch milliseconds after which `build-transaction` refuses this quote. */
  expiresAt: v.number()
})
/** A swap quote. */
export type SwapQuote = v.InferOutput<typeof SwapQuoteSchema>

/** `/v1/convert/quotes` answer: the best quote first. */
export const ConvertQuotesSchema = v.object({ quotes: v.array(SwapQuoteSchema) })

/** Query of `/v1/convert/allowance`. */
export const ConvertAllowanceQuerySchema = v.object({ ...ClientParamsSchema.entries, tokenAddress: Caip10Schema, userAddress: Caip10Schema })
/** `/v1/convert/allowance` answer: what `userAddress` lets the exchange spend of the token. */
export const ConvertAllowanceSchema = v.object({ allowance: BaseUnitsSchema, spender: EvmAddressSchema })

/** A transaction for the wallet to send (eip155). */
export const SwapTransactionSchema = v.object({
  from: EvmAddressSchema,
  to: EvmAddressSchema,
  data: v.pipe(v.string(), v.regex(/^0x([0-9a-fA-F]{2})*$/)),
  /** Wei sent along. */
  value: BaseUnitsSchema,
  eip155: v.optional(v.object({ gas: v.optional(BaseUnitsSchema), gasPrice: v.optional(BaseUnitsSchema) }))
})
/** A transaction to send. */
export type SwapTransaction = v.InferOutput<typeof SwapTransactionSchema>

/** Query of `/v1/convert/build-approve`: approve `amount` of `from` (all of it when left out). */
export const BuildApproveQuerySchema = v.object({
  ...ClientParamsSchema.entries,
  userAddress: Caip10Schema,
  from: Caip10Schema,
  to: Caip10Schema,
  amount: v.optional(BaseUnitsSchema)
})
/** `/v1/convert/build-approve` answer. */
export const BuildApproveSchema = v.object({ tx: SwapTransactionSchema })

/** Body of `POST /v1/convert/build-transaction`. */
export const BuildTransactionBodySchema = v.strictObject({
  amount: PositiveBaseUnitsSchema,
  /** Slippage tolerance in percent, as text (`"1"`, `"0.5"`), 0 to 50. */
  eip155: v.object({ slippage: v.pipe(v.string(), v.regex(/^(50(\.0+)?|[0-4]?[0-9](\.[0-9]{1,2})?)$/, 'slippage: a percentage from 0 to 50')) }),
  projectId: v.pipe(v.string(), v.minLength(1), v.maxLength(128)),
  from: Caip10Schema,
  to: Caip10Schema,
  userAddress: Caip10Schema,
  disableEstimate: v.optional(v.boolean()),
  /** The quote the visitor saw: the minimum received follows it, and an expired one is refused. */
  quoteId: v.optional(v.pipe(v.string(), v.maxLength(512)))
})
/** `/v1/convert/build-transaction` answer: the swap, and the least it may deliver. */
export const BuildTransactionSchema = v.object({ tx: SwapTransactionSchema, minimumReceived: BaseUnitsSchema })

/**
 * The swap calls of spec §7 (the gas price is `blockchainEndpoints.gasPrice`, the prices
 * `blockchainEndpoints.fungiblePrice`).
 */
export const convertEndpoints = {
  tokens: defineEndpoint({ method: 'GET', path: '/v1/convert/tokens', query: ConvertTokensQuerySchema, response: ConvertTokensSchema }),
  quotes: defineEndpoint({ method: 'GET', path: '/v1/convert/quotes', query: ConvertQuotesQuerySchema, response: ConvertQuotesSchema }),
  allowance: defineEndpoint({ method: 'GET', path: '/v1/convert/allowance', query: ConvertAllowanceQuerySchema, response: ConvertAllowanceSchema }),
  buildApprove: defineEndpoint({ method: 'GET', path: '/v1/convert/build-approve', query: BuildApproveQuerySchema, response: BuildApproveSchema }),
  buildTransaction: defineEndpoint({
    method: 'POST',
    path: '/v1/convert/build-transaction',
    query: ClientParamsSchema,
    body: BuildTransactionBodySchema,
    response: BuildTransactionSchema
  })
} as const

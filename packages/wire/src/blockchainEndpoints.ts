import * as v from 'valibot'
import { ClientParamsSchema } from './ClientParams.js'
import { defineEndpoint } from './Endpoint.js'
import { AccountAddressSchema, Caip10Schema, Caip2Schema, EvmAddressSchema } from './formats.js'

// The blockchain data API (spec §7) and the RPC proxy.

/** `/v1/supported-chains` answer: CAIP-2 ids served over HTTP and over WebSocket. */
export const SupportedChainsSchema = v.object({ http: v.array(v.string()), ws: v.optional(v.array(v.string()), []) })

/** Path parameters of `/v1/identity/{address}`. */
export const IdentityParamsSchema = v.object({ address: EvmAddressSchema })
/** Query of `/v1/identity/{address}`: `sender` is the connected account that asks. */
export const IdentityQuerySchema = v.object({ ...ClientParamsSchema.entries, sender: v.optional(EvmAddressSchema) })
/** `/v1/identity/{address}` answer: the address's name and avatar URL, null when it has none. */
export const IdentitySchema = v.object({ name: v.nullable(v.string()), avatar: v.nullable(v.string()) })
/** An identity. */
export type Identity = v.InferOutput<typeof IdentitySchema>

/** A token balance (spec §3 Token balance). */
export const TokenBalanceSchema = v.object({
  name: v.string(),
  symbol: v.string(),
  /** CAIP-2 id of the chain. */
  chainId: v.string(),
  /** CAIP-10 id of the token contract (or mint); absent for the native coin. */
  address: v.optional(v.string()),
  /** USD value of the balance; absent when the price is unknown (shown as unknown, never $0). */
  value: v.optional(v.number()),
  /** USD price of one unit; absent when no source knows it. */
  price: v.optional(v.number()),
  /** `numeric` is the decimal amount (`"10.5"`); `decimals` the token's decimals, as text. */
  quantity: v.object({ decimals: v.string(), numeric: v.string() }),
  iconUrl: v.optional(v.nullable(v.string()))
})
/** A token balance. */
export type TokenBalance = v.InferOutput<typeof TokenBalanceSchema>

/** Path parameters of `/v1/account/{address}/balance`. */
export const BalanceParamsSchema = v.object({ address: AccountAddressSchema })
/** Query of `/v1/account/{address}/balance`. */
export const BalanceQuerySchema = v.object({
  ...ClientParamsSchema.entries,
  currency: v.picklist(['usd']),
  /** CAIP-2 id of the network. */
  chainId: Caip2Schema,
  /** Asks for fresh values (a server that always reads live may ignore it). */
  forceUpdate: v.optional(v.pipe(v.string(), v.maxLength(200)))
})
/** `/v1/account/{address}/balance` answer. */
export const BalancesSchema = v.object({ balances: v.array(TokenBalanceSchema) })

/** Body of `POST /v1/fungible/price`: the tokens (CAIP-10, or `…:native`) to price. */
export const FungiblePriceBodySchema = v.strictObject({
  currency: v.picklist(['usd']),
  addresses: v.pipe(v.array(Caip10Schema), v.minLength(1), v.maxLength(100)),
  projectId: v.pipe(v.string(), v.minLength(1), v.maxLength(128))
})
/** A priced token. */
export const FungibleSchema = v.object({ name: v.string(), symbol: v.string(), iconUrl: v.string(), price: v.number() })
/** A priced token. */
export type Fungible = v.InferOutput<typeof FungibleSchema>
/** `POST /v1/fungible/price` answer: the tokens the service knows (unknown ones are left out). */
export const FungiblePricesSchema = v.object({ fungibles: v.array(FungibleSchema) })

/** Query of `/v1/convert/gas-price`. */
export const GasPriceQuerySchema = v.object({ ...ClientParamsSchema.entries, chainId: Caip2Schema })
/** `/v1/convert/gas-price` answer: gas prices in wei, as decimal text. */
export const GasPriceSchema = v.object({ standard: v.string(), fast: v.string(), instant: v.string() })

/**
 * Query of the RPC proxy: the chain and the project only (no `st`/`sv`: wallets and libraries
 * call this URL as they call any node). The body is JSON-RPC 2.0, one request or a batch, checked
 * entry by entry (a bad entry gets its own error answer, as JSON-RPC requires).
 */
export const RpcProxyQuerySchema = v.object({ projectId: ClientParamsSchema.entries.projectId, chainId: Caip2Schema })

/**
 * The blockchain data API's calls (spec §7), each with `projectId`, `st` and `sv`:
 * - `supportedChains`, `identity` (with the asking account as `sender`), `balance`,
 *   `fungiblePrice`, `gasPrice`;
 * - `rpcProxy`: JSON-RPC to a chain's node through the service.
 */
export const blockchainEndpoints = {
  supportedChains: defineEndpoint({ method: 'GET', path: '/v1/supported-chains', query: ClientParamsSchema, response: SupportedChainsSchema }),
  identity: defineEndpoint({
    method: 'GET',
    path: '/v1/identity/:address',
    params: IdentityParamsSchema,
    query: IdentityQuerySchema,
    response: IdentitySchema
  }),
  balance: defineEndpoint({
    method: 'GET',
    path: '/v1/account/:address/balance',
    params: BalanceParamsSchema,
    query: BalanceQuerySchema,
    response: BalancesSchema
  }),
  fungiblePrice: defineEndpoint({
    method: 'POST',
    path: '/v1/fungible/price',
    query: ClientParamsSchema,
    body: FungiblePriceBodySchema,
    response: FungiblePricesSchema
  }),
  gasPrice: defineEndpoint({ method: 'GET', path: '/v1/convert/gas-price', query: GasPriceQuerySchema, response: GasPriceSchema }),
  rpcProxy: defineEndpoint({ method: 'POST', path: '/v1/', query: RpcProxyQuerySchema })
} as const

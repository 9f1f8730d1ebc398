import * as v from 'valibot'

// Schemas of what the services answer (spec §3 and §7). Every response is validated before it
// reaches state: a service is never trusted to send the right shape.

/** A wallet of the directory (spec §3 Wallet). */
export const WalletSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  image_id: v.optional(v.nullable(v.string())),
  image_url: v.optional(v.nullable(v.string())),
  rdns: v.optional(v.nullable(v.string())),
  chains: v.optional(v.array(v.string()), []),
  mobile_link: v.optional(v.nullable(v.string())),
  desktop_link: v.optional(v.nullable(v.string())),
  webapp_link: v.optional(v.nullable(v.string())),
  homepage: v.optional(v.nullable(v.string())),
  badge_type: v.optional(v.nullable(v.string()))
})
/** A directory wallet. */
export type Wallet = v.InferOutput<typeof WalletSchema>

/** `/getWallets` answer. */
export const WalletPageSchema = v.object({ data: v.array(WalletSchema), count: v.pipe(v.number(), v.integer(), v.minValue(0)) })

/** A remote feature entry (spec §3 Project config). */
export const FeatureSchema = v.object({ id: v.string(), isEnabled: v.boolean(), config: v.optional(v.unknown()) })
/** `/appkit/v1/config` answer. */
export const ProjectConfigSchema = v.object({ features: v.array(FeatureSchema) })
/** A remote feature entry. */
export type RemoteFeature = v.InferOutput<typeof FeatureSchema>

/** `/projects/v1/origins` answer. */
export const OriginsSchema = v.object({ allowedOrigins: v.array(v.string()) })
/** `/getAnalyticsConfig` answer. */
export const AnalyticsConfigSchema = v.object({ isAnalyticsEnabled: v.boolean() })
/** `/v1/supported-chains` answer. */
export const SupportedChainsSchema = v.object({ http: v.array(v.string()), ws: v.optional(v.array(v.string()), []) })
/** `/v1/identity/{address}` answer. */
export const IdentitySchema = v.object({ name: v.nullable(v.string()), avatar: v.nullable(v.string()) })
/** An identity. */
export type Identity = v.InferOutput<typeof IdentitySchema>

/** A token balance (spec §3 Token balance). */
export const TokenBalanceSchema = v.object({
  name: v.string(),
  symbol: v.string(),
  chainId: v.string(),
  address: v.optional(v.string()),
  value: v.optional(v.number(), 0),
  price: v.optional(v.number(), 0),
  quantity: v.object({ decimals: v.string(), numeric: v.string() }),
  iconUrl: v.optional(v.nullable(v.string()))
})
/** A token balance. */
export type TokenBalance = v.InferOutput<typeof TokenBalanceSchema>

/** `/v1/account/{address}/balance` answer; entries are validated one by one (see parseBalances). */
export const BalancesSchema = v.object({ balances: v.array(v.unknown()) })

/**
 * Keeps the well-formed token balances and drops the rest, including balances with zero decimals
 * (spec §5: dropped as low quality).
 */
export function parseBalances(raw: unknown): TokenBalance[] {
  const { balances } = v.parse(BalancesSchema, raw)
  return balances.flatMap(b => {
    const r = v.safeParse(TokenBalanceSchema, b)
    return r.success && r.output.quantity.decimals !== '0' ? [r.output] : []
  })
}

/**
 * A wallet asset (wallet_getAssets, spec §5): valid only with string address and balance, type
 * ERC20 or NATIVE, and correctly typed metadata.
 */
export const WalletAssetSchema = v.object({
  address: v.string(),
  balance: v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]*$/)),
  type: v.picklist(['ERC20', 'NATIVE']),
  metadata: v.object({
    name: v.string(),
    symbol: v.string(),
    decimals: v.number(),
    price: v.optional(v.number()),
    value: v.optional(v.number()),
    iconUrl: v.optional(v.string())
  })
})

/** True when a wallet asset follows the spec's validity rule. */
export function isValidWalletAsset(value: unknown): boolean {
  return v.safeParse(WalletAssetSchema, value).success
}

/** Validates a response against a schema; a wrong shape becomes `INVALID_RESPONSE`. */
export { v }

/** One transfer of a transaction (spec §3 Transaction: fungible or NFT, with a quantity). */
export const TransactionTransferSchema = v.object({
  fungible_info: v.optional(v.nullable(v.object({
    name: v.optional(v.nullable(v.string())),
    symbol: v.optional(v.nullable(v.string())),
    icon: v.optional(v.nullable(v.object({ url: v.optional(v.nullable(v.string())) })))
  }))),
  nft_info: v.optional(v.nullable(v.object({
    name: v.optional(v.nullable(v.string())),
    content: v.optional(v.nullable(v.object({ preview: v.optional(v.nullable(v.object({ url: v.optional(v.nullable(v.string())) }))) }))),
    flags: v.optional(v.nullable(v.object({ is_spam: v.optional(v.boolean(), false) })))
  }))),
  direction: v.optional(v.nullable(v.string())),
  quantity: v.object({ numeric: v.pipe(v.string(), v.regex(/^-?\d+(\.\d+)?$/)) }),
  value: v.optional(v.nullable(v.number())),
  price: v.optional(v.nullable(v.number()))
})
/** A transfer of a transaction. */
export type TransactionTransfer = v.InferOutput<typeof TransactionTransferSchema>

/** A transaction of the account's history (spec §3 Transaction). */
export const TransactionSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1)),
  metadata: v.object({
    minedAt: v.pipe(v.string(), v.isoTimestamp()),
    chain: v.string(),
    operationType: v.string(),
    status: v.string(),
    sentFrom: v.string(),
    sentTo: v.string(),
    hash: v.optional(v.string())
  }),
  transfers: v.array(TransactionTransferSchema)
})
/** A transaction of the history. */
export type Transaction = v.InferOutput<typeof TransactionSchema>

/** `/v1/account/{account}/history` answer; entries are validated one by one (see parseHistory). */
export const HistorySchema = v.object({ data: v.array(v.unknown()), next: v.optional(v.nullable(v.string())) })

/** A page of history: the well-formed transactions (malformed ones dropped) and the next cursor. */
export function parseHistory(raw: unknown): { data: Transaction[]; next?: string } {
  const page = v.parse(HistorySchema, raw)
  const data = page.data.flatMap(t => {
    const r = v.safeParse(TransactionSchema, t)
    return r.success ? [r.output] : []
  })
  return { data, next: page.next || undefined }
}

/** `/v1/profile/account/{name}` answer: the addresses a name points to, by coin type. */
export const ProfileSchema = v.object({
  name: v.optional(v.string()),
  addresses: v.record(v.string(), v.object({ address: v.string() })),
  attributes: v.optional(v.nullable(v.record(v.string(), v.unknown())))
})
/** A name's profile. */
export type Profile = v.InferOutput<typeof ProfileSchema>

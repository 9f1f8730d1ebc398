import * as v from 'valibot'
import { BalancesSchema, HistoryPageSchema, TokenBalanceSchema, TransactionSchema, type TokenBalance, type Transaction } from '@wallet-modal/wire'

// How the modal reads the services' answers beyond the wire contract (`@wallet-modal/wire`, where
// every shape is declared): lists whose bad entries are dropped one by one instead of failing the
// whole answer, the spec's own quality rules, and the wallet assets of wallet_getAssets (a wallet
// RPC answer, not a service call).

export type { Identity, Profile, RemoteFeature, TokenBalance, Transaction, TransactionTransfer, Wallet } from '@wallet-modal/wire'

// Built on first use: reading the contract's schemas at module level would keep them (and valibot)
// in the first chunk, which re-exports this module's functions.

/** The balance answer with its entries unchecked: each is checked on its own (see parseBalances). */
const balancesEnvelope = () => v.object({ ...BalancesSchema.entries, balances: v.array(v.unknown()) })

/**
 * Keeps the well-formed token balances of a `/v1/account/{address}/balance` answer and drops the
 * rest, including balances with zero decimals (spec §5: dropped as low quality).
 *
 * @param raw - The parsed JSON answer.
 * @throws When the answer is not `{ balances: [...] }` at all.
 */
export function parseBalances(raw: unknown): TokenBalance[] {
  const { balances } = v.parse(balancesEnvelope(), raw)
  return balances.flatMap(b => {
    const r = v.safeParse(TokenBalanceSchema, b)
    return r.success && r.output.quantity.decimals !== '0' ? [r.output] : []
  })
}

/** The history answer with its entries unchecked: each is checked on its own (see parseHistory). */
const historyEnvelope = () => v.object({ ...HistoryPageSchema.entries, data: v.array(v.unknown()) })

/**
 * A page of history from a `/v1/account/{account}/history` answer: the well-formed transactions
 * (malformed ones dropped) and the next cursor (absent on the last page).
 *
 * @param raw - The parsed JSON answer.
 * @throws When the answer is not `{ data: [...], next }` at all.
 */
export function parseHistory(raw: unknown): { data: Transaction[]; next?: string } {
  const page = v.parse(historyEnvelope(), raw)
  const data = page.data.flatMap(t => {
    const r = v.safeParse(TransactionSchema, t)
    return r.success ? [r.output] : []
  })
  return { data, next: page.next || undefined }
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

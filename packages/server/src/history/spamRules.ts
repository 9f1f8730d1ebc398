// The activity feed's spam and address-poisoning rules, in one place for every history source
// (the indexer's rows and an explorer API's rows go through the same functions), so a visitor's
// Activity reads the same whichever source a chain's history comes from.
//
// Address poisoning plants a look-alike address in a victim's Activity for the victim to copy
// later. Its usual forms, and the rule that answers each:
// - `transferFrom(victim, lookalike, 0)` of a real token: needs no allowance, so anyone can make
//   one, and would read "Sent 0 USDT to 0xlookalike". A zero-amount token transfer is listed only
//   for the account that sent the transaction ({@link isPoisoningTransfer}, {@link showsTransfer}).
// - a zero-value coin or token transfer *to* the victim from the look-alike: it moved nothing, so
//   it makes no one's Activity ({@link listsTransaction} needs something received).
// - a fake token named like a real one sent from the look-alike: tokens outside the operator's
//   configuration and token lists are marked `verified: false` (`toHistoryTransaction`, with
//   `knownTokens`), and the modal drops a transaction made only of such transfers as spam.

/** The fields of an activity row these rules read. */
export interface RuleRow {
  /** Lower-case token contract; null for the native coin. */
  tokenAddress: string | null
  /** Lower-case. */
  from: string
  /** Lower-case; null when there is none. */
  to: string | null
  /** Base units. */
  amount: bigint
  status: 'confirmed' | 'failed'
}

/**
 * Whether a token transfer is left out of every Activity as a likely poisoning: it moved nothing
 * (amount 0) and its token sender did not send the transaction (a third party made it).
 *
 * @param row - A token or native row.
 * @param txSender - Lower-case sender of the transaction; undefined when the source does not say
 *   (an explorer's token-transfer row of a transaction someone else sent), which counts as a
 *   third party.
 * @example
 * isPoisoningTransfer({ tokenAddress: usdt, from: victim, to: lookalike, amount: 0n, status: 'confirmed' }, attacker) // true
 */
export function isPoisoningTransfer(row: RuleRow, txSender: string | undefined): boolean {
  return row.tokenAddress !== null && row.amount === 0n && row.from !== txSender
}

/**
 * Whether a transaction is in `account`'s Activity: the account sent it (failed ones too), sent
 * tokens or coin in it, or received something that moved (a confirmed, non-zero amount). The
 * indexer's SQL (`ActivityTable.page`) states the same rule over the stored rows.
 *
 * @param rows - The transaction's rows left after {@link isPoisoningTransfer}.
 * @param account - Lower-case 0x address.
 */
export function listsTransaction(rows: readonly RuleRow[], account: string): boolean {
  return rows.some(row => row.from === account || (row.to === account && row.status === 'confirmed' && row.amount > 0n))
}

/**
 * Whether a row is one of the transfers `account`'s Activity shows for its transaction: the
 * account sent or received it, and it moved something (a zero-amount token transfer only when the
 * account sent the transaction itself: its own doing).
 *
 * @param row - A native or token row (not the transaction row with no value).
 * @param account - Lower-case 0x address.
 * @param txSender - Lower-case sender of the transaction, when known.
 */
export function showsTransfer(row: RuleRow, account: string, txSender: string | undefined): boolean {
  if (row.from !== account && row.to !== account) return false
  if (row.amount > 0n) return true
  return row.tokenAddress !== null && txSender === account
}

import type { Core } from '../core/Core.js'
import type { Transaction, TransactionTransfer } from '../api/schemas.js'
import { WalletModalError, toWalletModalError } from '../errors/WalletModalError.js'
import { truncateDecimals } from '../utils/format.js'
import { walletFeatures } from './walletFeatures.js'
import { namespaceSupports } from '../adapters/namespaces.js'
import { isServedNetwork } from './isServedNetwork.js'

/** Operation types shown with a plus / minus sign (spec §5). */
const PLUS_OPERATIONS = ['receive', 'buy', 'deposit', 'borrow', 'claim']
const MINUS_OPERATIONS = ['withdraw', 'repay', 'burn']

/**
 * Spec §5: a transaction whose transfers are all flagged spam is dropped. A transfer of a token
 * the server marks unverified (`fungible_info.flags.verified: false`: not listed by its operator)
 * counts as spam: that is what a look-alike "address poisoning" transfer is.
 */
export function isSpamTransaction(tx: Transaction): boolean {
  return tx.transfers.length > 0 && tx.transfers.every(t => t.nft_info?.flags?.is_spam === true || t.fungible_info?.flags?.verified === false)
}

/** Keeps the transactions of one chain (CAIP-2), spam dropped (spec §5). */
export function filterTransactions(list: readonly Transaction[], caipNetworkId: string): Transaction[] {
  return list.filter(t => t.metadata.chain === caipNetworkId && !isSpamTransaction(t))
}

/** Transactions of one month of one year. */
export interface TransactionMonth {
  /** 0-11. */
  month: number
  transactions: Transaction[]
}

/** Transactions of one year, by month. */
export interface TransactionYear {
  year: number
  months: TransactionMonth[]
}

/**
 * Groups transactions by year, then month (spec §3), newest first at every level, using the
 * mined time in UTC so a list reads the same wherever it is shown.
 */
export function groupTransactions(list: readonly Transaction[]): TransactionYear[] {
  const sorted = [...list].sort((a, b) => Date.parse(b.metadata.minedAt) - Date.parse(a.metadata.minedAt))
  const years: TransactionYear[] = []
  for (const tx of sorted) {
    const d = new Date(tx.metadata.minedAt)
    const year = d.getUTCFullYear()
    const month = d.getUTCMonth()
    let y = years[years.length - 1]
    if (!y || y.year !== year) years.push((y = { year, months: [] }))
    let m = y.months[y.months.length - 1]
    if (!m || m.month !== month) y.months.push((m = { month, transactions: [] }))
    m.transactions.push(tx)
  }
  return years
}

/**
 * The sign of a transfer in a description (spec §5): plus for receive, buy (an on-ramp purchase), deposit, borrow and claim;
 * minus for withdraw, repay and burn; otherwise by the transfer's direction (out: minus, in: plus),
 * so a send reads as money leaving.
 */
export function transferSign(operationType: string, transfer: TransactionTransfer): '+' | '-' | '' {
  if (PLUS_OPERATIONS.includes(operationType)) return '+'
  if (MINUS_OPERATIONS.includes(operationType)) return '-'
  if (transfer.direction === 'out') return '-'
  if (transfer.direction === 'in') return '+'
  return ''
}

/** One line per transfer: sign, amount with 3 decimals (truncated), symbol (spec §5). */
export function transactionDescriptions(tx: Transaction): string[] {
  return tx.transfers.map(t => {
    const symbol = t.fungible_info?.symbol ?? t.nft_info?.name ?? ''
    const amount = truncateDecimals(t.quantity.numeric.replace(/^-/, ''), 3)
    return `${transferSign(tx.metadata.operationType, t)}${amount} ${symbol}`.trim()
  })
}

/**
 * Fetches the next page of the active account's history (spec §4, §7): where the namespace has activity (spec §9: eip155),
 * only the connected chain's transactions, spam dropped; none asked on a network the service does
 * not serve ({@link isServedNetwork}). A new account or network starts over.
 * 'Transaction fetch needs an account address' without one; a failure shows 'Failed to fetch
 * transactions', marks the list empty and clears the cursor.
 *
 * `onramp` (an on-ramp provider, `coinbase`) lists that provider's purchases for the account
 * instead (spec §7's `onramp` parameter, for the on-ramp views); such a list is its own list,
 * started over like another account's.
 */
export async function fetchTransactions(core: Core, opts: { reset?: boolean; onramp?: string } = {}): Promise<void> {
  const { transactions } = walletFeatures(core)
  const ns = core.chain.state.activeNamespace
  const { account, network } = core.chain.state.namespaces[ns]
  if (!account.address) throw new WalletModalError('TRANSACTIONS_ADDRESS_REQUIRED')
  const caipNetworkId = network.caipNetwork?.caipNetworkId ?? ''
  const key = `${caipNetworkId}:${account.address}${opts.onramp ? `:onramp:${opts.onramp}` : ''}`
  if (opts.reset || transactions.state.forKey !== key) transactions.reset(key)
  const s = transactions.state
  if (s.loading || (s.fetched && !s.next)) return
  const api = await core.loadServices()
  // Spec §7: no history call on a network the service does not serve (as for balances): empty.
  if (!api || !namespaceSupports(ns, 'activity') || !isServedNetwork(core, ns)) {
    transactions.addPage([], undefined)
    return
  }
  transactions.setLoading(true)
  const generation = s.generation
  try {
    const page = await api.getHistory(account.address, { chainId: caipNetworkId, cursor: s.next, onramp: opts.onramp })
    // The list may have been started over (another account, network, or a reopened view).
    if (transactions.state.generation !== generation) return
    transactions.addPage(filterTransactions(page.data, caipNetworkId), page.next)
  } catch (err) {
    if (transactions.state.generation !== generation) return
    const error = new WalletModalError('TRANSACTIONS_FETCH_FAILED', { cause: toWalletModalError(err, 'NETWORK_ERROR') })
    console.warn('[wallet-modal] transactions fetch failed', err)
    transactions.setFailed(error.shortMessage)
    core.snack.showError(error)
  }
}

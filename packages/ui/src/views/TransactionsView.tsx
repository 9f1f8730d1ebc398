import { useEffect, useRef } from 'react'
import { useSnapshot } from 'valtio/react'
import { fetchTransactions, groupTransactions, shortenAddress, transactionDescriptions, walletFeatures, type Transaction } from '@wallet-modal/core/internal'
import { useCore } from '../hooks/CoreContext.js'
import { WalletImage } from '../components/WalletImage.js'
import { serviceOrigins } from '../hooks/useServiceOrigins.js'
import { withActivityStyles } from './activityStyles.js'

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

/** 'Sent', 'Received', 'Executed'…: an operation type as a past-tense title. */
export function operationTitle(type: string): string {
  const known: Record<string, string> = { buy: 'Bought', send: 'Sent', receive: 'Received', execute: 'Executed', trade: 'Swapped', mint: 'Minted', burn: 'Burned', approve: 'Approved', deposit: 'Deposited', withdraw: 'Withdrawn', borrow: 'Borrowed', repay: 'Repaid', claim: 'Claimed', deploy: 'Deployed' }
  return known[type] ?? (type ? type[0]!.toUpperCase() + type.slice(1) : 'Transaction')
}

function TransactionItem({ tx, origins }: { tx: Transaction; origins: string[] }) {
  const m = tx.metadata
  const descriptions = transactionDescriptions(tx)
  const first = tx.transfers[0]
  const icon = first?.fungible_info?.icon?.url ?? first?.nft_info?.content?.preview?.url ?? undefined
  // A contract creation has no recipient to name.
  const counterpart = m.operationType === 'receive' ? `from ${shortenAddress(m.sentFrom)}` : m.sentTo ? `to ${shortenAddress(m.sentTo)}` : ''
  const date = new Date(m.minedAt)
  return (
    <li className="wm-tx" data-testid="transaction" data-operation={m.operationType}>
      <WalletImage name={first?.fungible_info?.symbol ?? operationTitle(m.operationType)} src={icon} allowOrigins={origins} />
      <span className="wm-name">
        <span className="wm-tx-title">
          {operationTitle(m.operationType)}
          {m.status === 'failed' ? <span className="wm-tag" data-testid="transaction-failed">Failed</span> : null}
        </span>
        <span className="wm-muted wm-token-qty">{counterpart}</span>
      </span>
      <span className="wm-tx-amounts">
        {descriptions.map((d, i) => (
          <span key={i} data-testid="transaction-description">
            {d}
          </span>
        ))}
        <time className="wm-muted" dateTime={m.minedAt}>
          {MONTHS[date.getUTCMonth()]!.slice(0, 3)} {date.getUTCDate()}
        </time>
      </span>
    </li>
  )
}

/**
 * Activity: the connected chain's transactions (eip155), grouped by year then month, newest
 * first; more load as the end of the list scrolls into view. A failed fetch shows 'Failed to
 * fetch transactions' and stops paging.
 */
export function TransactionsView() {
  const core = useCore()
  const { transactions } = walletFeatures(core)
  const t = useSnapshot(transactions.state)
  const chain = useSnapshot(core.chain.state)
  const sentinel = useRef<HTMLDivElement>(null)
  const address = chain.namespaces[chain.activeNamespace].account.address
  const networkId = chain.namespaces[chain.activeNamespace].network.caipNetwork?.caipNetworkId

  // Opening Activity (or changing account or network) starts from the newest page.
  useEffect(() => {
    if (address) void fetchTransactions(core, { reset: true })
  }, [core, address, networkId])
  useEffect(() => {
    const el = sentinel.current
    if (!el || !t.next || t.loading || typeof IntersectionObserver === 'undefined') return
    // Re-made after every page, so a sentinel already in view asks for the next one too.
    const io = new IntersectionObserver(entries => {
      if (entries.some(e => e.isIntersecting)) void fetchTransactions(core)
    })
    io.observe(el)
    return () => io.disconnect()
  }, [core, t.next, t.loading])

  const origins = serviceOrigins(core)
  const groups = groupTransactions(transactions.state.transactions)
  return (
    <div ref={withActivityStyles} className="wm-activity" data-testid="activity">
      {groups.map(y => (
        <section key={y.year} aria-label={String(y.year)}>
          <h3 className="wm-group-title wm-group-year">{y.year}</h3>
          {y.months.map(m => (
            <section key={m.month} aria-label={`${MONTHS[m.month]} ${y.year}`} data-testid="activity-month">
              <h4 className="wm-group-title" data-testid="activity-month-title">
                {MONTHS[m.month]}
              </h4>
              <ul className="wm-list">
                {m.transactions.map(tx => (
                  <TransactionItem key={tx.id} tx={tx} origins={origins} />
                ))}
              </ul>
            </section>
          ))}
        </section>
      ))}
      {t.loading ? (
        <div className="wm-center" role="status" aria-label="Loading transactions">
          <span className="wm-spinner" />
        </div>
      ) : null}
      {!t.loading && t.fetched && t.transactions.length === 0 ? (
        <div className="wm-center" role="status" data-testid="activity-empty">
          {t.error ? <p className="wm-error-text">{t.error}</p> : <p className="wm-muted">No activity yet</p>}
          {t.error ? null : <p className="wm-muted">Your transactions on this network will appear here.</p>}
        </div>
      ) : null}
      {t.error && t.transactions.length > 0 ? (
        <p className="wm-error-text" role="alert">
          {t.error}
        </p>
      ) : null}
      <div ref={sentinel} className="wm-sentinel" data-testid="activity-end" />
    </div>
  )
}

import { useEffect, useRef } from 'react'
import { useSnapshot } from 'valtio/react'
import { fetchTransactions, groupTransactions, shortenAddress, transactionDescriptions, walletFeatures, type Transaction } from '@wallet-modal/core/internal'
import type { Core } from '@wallet-modal/core/internal'
import { useCore } from '../hooks/CoreContext.js'
import { useViewsT } from '../hooks/useViewsT.js'
import { WalletImage } from '../components/WalletImage.js'
import { serviceOrigins } from '../hooks/useServiceOrigins.js'
import { withActivityStyles } from './activityStyles.js'

type T = Core['i18n']['t']
const OPERATIONS = [
  'buy',
  'send',
  'receive',
  'execute',
  'trade',
  'mint',
  'burn',
  'approve',
  'deposit',
  'withdraw',
  'borrow',
  'repay',
  'claim',
  'deploy'
] as const

/** 'Sent', 'Received', 'Executed'…: an operation type as a past-tense title, in the active language. */
export function operationTitle(type: string, t: T): string {
  if ((OPERATIONS as readonly string[]).includes(type)) return t(`activity.op.${type as (typeof OPERATIONS)[number]}`)
  // A type the catalogue does not know is the service's word, shown as it comes.
  return type ? type[0]!.toUpperCase() + type.slice(1) : t('activity.op.other')
}

/** Month names and short dates in the active language (the history's dates are UTC). */
const dates = (locale: string) => ({
  month: new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }),
  monthYear: new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }),
  day: new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' })
})

function TransactionItem({ tx, origins, t, formats }: { tx: Transaction; origins: string[]; t: T; formats: ReturnType<typeof dates> }) {
  const m = tx.metadata
  const descriptions = transactionDescriptions(tx)
  const first = tx.transfers[0]
  const icon = first?.fungible_info?.icon?.url ?? first?.nft_info?.content?.preview?.url ?? undefined
  // A contract creation has no recipient to name.
  // A counterpart's name (ENS) when the service knows one, else its shortened address.
  const counterpart =
    m.operationType === 'receive'
      ? t('activity.from', { address: m.sentFromName ?? shortenAddress(m.sentFrom) })
      : m.sentTo
        ? t('activity.to', { address: m.sentToName ?? shortenAddress(m.sentTo) })
        : ''
  const date = new Date(m.minedAt)
  return (
    <li className="wm-tx" data-testid="transaction" data-operation={m.operationType}>
      <WalletImage name={first?.fungible_info?.symbol ?? operationTitle(m.operationType, t)} src={icon} allowOrigins={origins} />
      <span className="wm-name">
        <span className="wm-tx-title">
          {operationTitle(m.operationType, t)}
          {m.status === 'failed' ? (
            <span className="wm-tag" data-testid="transaction-failed">
              {t('activity.failed')}
            </span>
          ) : null}
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
          {formats.day.format(date)}
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
  const t = useViewsT(core)
  const formats = dates(core.i18n.state.locale)
  const tx = useSnapshot(transactions.state)
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
    if (!el || !tx.next || tx.loading || typeof IntersectionObserver === 'undefined') return
    // Re-made after every page, so a sentinel already in view asks for the next one too.
    const io = new IntersectionObserver(entries => {
      if (entries.some(e => e.isIntersecting)) void fetchTransactions(core)
    })
    io.observe(el)
    return () => io.disconnect()
  }, [core, tx.next, tx.loading])

  const origins = serviceOrigins(core)
  const groups = groupTransactions(transactions.state.transactions)
  return (
    <div ref={withActivityStyles} className="wm-activity" data-testid="activity">
      {groups.map(y => (
        <section key={y.year} aria-label={String(y.year)}>
          <h3 className="wm-group-title wm-group-year">{y.year}</h3>
          {y.months.map(m => (
            <section key={m.month} aria-label={formats.monthYear.format(Date.UTC(y.year, m.month, 1))} data-testid="activity-month">
              <h4 className="wm-group-title" data-testid="activity-month-title">
                {formats.month.format(Date.UTC(y.year, m.month, 1))}
              </h4>
              <ul className="wm-list">
                {m.transactions.map(item => (
                  <TransactionItem key={item.id} tx={item} origins={origins} t={t} formats={formats} />
                ))}
              </ul>
            </section>
          ))}
        </section>
      ))}
      {tx.loading ? (
        <div className="wm-center" role="status" aria-label={t('activity.loading')}>
          <span className="wm-spinner" />
        </div>
      ) : null}
      {!tx.loading && tx.fetched && tx.transactions.length === 0 ? (
        <div className="wm-center" role="status" data-testid="activity-empty">
          {tx.error ? <p className="wm-error-text">{tx.error}</p> : <p className="wm-muted">{t('activity.empty')}</p>}
          {tx.error ? null : <p className="wm-muted">{t('activity.emptyHint')}</p>}
        </div>
      ) : null}
      {tx.error && tx.transactions.length > 0 ? (
        <p className="wm-error-text" role="alert">
          {tx.error}
        </p>
      ) : null}
      <div ref={sentinel} className="wm-sentinel" data-testid="activity-end" />
    </div>
  )
}

import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react'
import { useSnapshot } from 'valtio/react'
import { ACCOUNT_TABS, selectAccountTab, type AccountTab } from '@wallet-modal/core/internal'
import { useCore } from '../hooks/CoreContext.js'
import { useT } from '../hooks/useT.js'
import { lazyComponent } from '../lazy/lazyComponent.js'
import { ActivityIcon, svg } from './Icons.js'
import { TokenList } from './TokenList.js'

// The Activity view's list, the same chunk the Transactions route loads: fetched when the tab is
// first shown, never with Account.
const ActivityList = lazyComponent(() => import('../views/TransactionsView.js').then(m => m.TransactionsView))

/** A stack of coins: Tokens (made like the icons of Icons.tsx, which ship with the dialog; this one with Account only). */
const TokensIcon = svg(
  'M2.5 5c0-1.1 2.5-2 5.5-2s5.5.9 5.5 2-2.5 2-5.5 2-5.5-.9-5.5-2zM2.5 5v6c0 1.1 2.5 2 5.5 2s5.5-.9 5.5-2V5M2.5 8c0 1.1 2.5 2 5.5 2s5.5-.9 5.5-2'
)

// The Activity tab keeps the test id of the row it replaced, so what opened Activity finds it.
const TABS: Record<AccountTab, { label: 'account.tokens' | 'account.activity'; icon: ReactNode; testId: string }> = {
  tokens: { label: 'account.tokens', icon: <TokensIcon />, testId: 'account-tab-tokens' },
  activity: { label: 'account.activity', icon: <ActivityIcon />, testId: 'open-activity' }
}

/** Which of Account's tabs apply to the account shown. */
export interface AccountTabsProps {
  /** The namespace has balances (spec §9: Bitcoin has none). */
  tokens: boolean
  /** The history service covers the namespace and the project has Activity on. */
  activity: boolean
}

/**
 * Account's Tokens and Activity (spec §3 `currentTab`), as a WAI-ARIA tab list: the arrow keys
 * (turned round right-to-left), Home and End move to and select a tab; only the selected tab is in
 * the Tab order, and its panel follows it. The choice is the namespace's account state, so it
 * outlives a closed modal and goes back to Tokens on disconnect. With one of the two only, its
 * content is shown without tabs.
 *
 * @example
 * <AccountTabs tokens={namespaceSupports(ns, 'balances')} activity={activity} />
 */
export function AccountTabs({ tokens, activity }: AccountTabsProps) {
  const core = useCore()
  const t = useT(core)
  const chain = useSnapshot(core.chain.state)
  const id = useId()
  const buttons = useRef<(HTMLButtonElement | null)[]>([])
  const shown = ACCOUNT_TABS.filter(tab => (tab === 'tokens' ? tokens : activity))
  if (shown.length === 0) return null
  // A tab not shown here (Activity turned off since it was chosen) falls back to the first.
  const wanted = ACCOUNT_TABS[chain.namespaces[chain.activeNamespace].account.currentTab]
  const current = wanted && shown.includes(wanted) ? wanted : shown[0]!
  const content = (tab: AccountTab) => (tab === 'tokens' ? <TokenList /> : <ActivityList />)
  if (shown.length === 1) return content(current)

  const select = (tab: AccountTab) => selectAccountTab(core, tab)
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return
    const at = shown.indexOf(current)
    // Right-to-left, the next tab is on the left.
    const forward = getComputedStyle(e.currentTarget).direction === 'rtl' ? -1 : 1
    const step = e.key === 'ArrowRight' ? forward : e.key === 'ArrowLeft' ? -forward : 0
    const next = step ? (at + step + shown.length) % shown.length : e.key === 'Home' ? 0 : e.key === 'End' ? shown.length - 1 : -1
    if (next < 0) return
    e.preventDefault()
    select(shown[next]!)
    buttons.current[next]?.focus()
  }
  const tabId = (tab: AccountTab) => `${id}-tab-${tab}`
  const panelId = (tab: AccountTab) => `${id}-panel-${tab}`
  return (
    <>
      <div className="wm-tabs wm-full" role="tablist" aria-label={t('account.tabs')} onKeyDown={onKeyDown} data-testid="account-tabs">
        {shown.map((tab, i) => (
          <button
            key={tab}
            ref={el => {
              buttons.current[i] = el
            }}
            type="button"
            role="tab"
            id={tabId(tab)}
            className="wm-tab"
            part="button"
            aria-selected={tab === current}
            aria-controls={panelId(tab)}
            tabIndex={tab === current ? 0 : -1}
            onClick={() => select(tab)}
            data-testid={TABS[tab].testId}
          >
            <span className="wm-image wm-tab-icon" aria-hidden="true">
              {TABS[tab].icon}
            </span>
            <span className="wm-name">{t(TABS[tab].label)}</span>
          </button>
        ))}
      </div>
      {/* Every panel is there for its tab's aria-controls; only the selected one has content, so
          Activity's code and history load when it is first chosen. */}
      {shown.map(tab => (
        <div
          key={tab}
          role="tabpanel"
          id={panelId(tab)}
          aria-labelledby={tabId(tab)}
          className="wm-tabpanel wm-full"
          tabIndex={0}
          hidden={tab !== current}
          data-testid={`account-panel-${tab}`}
        >
          {tab === current ? content(tab) : null}
        </div>
      ))}
    </>
  )
}

import { useEffect, useRef, useState } from 'react'
import { useSnapshot } from 'valtio/react'
import {
  fetchNextWalletsPage,
  installedConnectorFor,
  isMobile,
  searchWallets,
  walletImageUrl,
  SEARCH_DEBOUNCE_MS,
  type Wallet
} from '@wallet-modal/core/internal'
import { useCore } from '../hooks/CoreContext.js'
import { useViewsT } from '../hooks/useViewsT.js'
import { WalletImage } from '../components/WalletImage.js'
import { chooseDirectoryWallet } from '@wallet-modal/core/internal'
import { rowLabel } from '../components/ListItem.js'
import { useDebouncedEffect } from '../hooks/useDebouncedEffect.js'
import { serviceOrigins } from '../hooks/useServiceOrigins.js'
import { withAllWalletsStyles } from './allWalletsStyles.js'

/**
 * All Wallets: the directory as a grid, with a search box (searched 300 ms after typing stops)
 * and the next page of 40 loaded as the end of the list scrolls into view.
 */
export function AllWalletsView() {
  const core = useCore()
  const t = useViewsT(core)
  const api = useSnapshot(core.api.state)
  useSnapshot(core.connector.state)
  const [query, setQuery] = useState(api.searchQuery)
  const sentinel = useRef<HTMLDivElement>(null)
  const searching = query.trim() !== ''
  const origins = serviceOrigins(core)

  // The search's own wait (300 ms, spec §9), not the default debounce; clearing it is immediate.
  useDebouncedEffect(() => void searchWallets(core, query), [core, query], searching ? SEARCH_DEBOUNCE_MS : 0)

  useEffect(() => {
    if (searching) return
    if (core.api.state.page === 0) void fetchNextWalletsPage(core)
    const el = sentinel.current
    if (!el || typeof IntersectionObserver === 'undefined') return
    // A new observer reports the sentinel's current state at once, so re-observing after every
    // page (and when loading ends) also catches a sentinel that was already in view while the
    // previous page was still loading and never left it.
    const io = new IntersectionObserver(entries => {
      if (entries.some(e => e.isIntersecting)) void fetchNextWalletsPage(core)
    })
    io.observe(el)
    return () => io.disconnect()
  }, [core, searching, api.page, api.loading])

  // Snapshots above subscribe; the proxies give the plain wallet objects the handlers need.
  const list: readonly Wallet[] = searching ? core.api.state.search : core.api.state.wallets
  const loading = searching ? api.searchLoading : api.loading
  return (
    <>
      <input
        className="wm-search"
        type="search"
        placeholder={t('allWallets.search')}
        aria-label={t('allWallets.search')}
        value={query}
        maxLength={100}
        autoComplete="off"
        // On desktop the search box takes focus as the view appears (on phones that would pop the keyboard).
        autoFocus={!isMobile()}
        data-autofocus={isMobile() ? undefined : ''}
        spellCheck={false}
        onChange={e => setQuery(e.target.value)}
      />
      {api.error ? (
        <div className="wm-center" role="alert">
          <p className="wm-error-text">{t('allWallets.loadFailed')}</p>
          <button
            type="button"
            className="wm-button wm-button-secondary"
            onClick={() => (searching ? void searchWallets(core, query) : void fetchNextWalletsPage(core))}
          >
            {t('allWallets.tryAgain')}
          </button>
        </div>
      ) : null}
      {searching && !loading && list.length === 0 && !api.error ? (
        <p className="wm-muted wm-center">{t('allWallets.noMatch', { query: query.trim() })}</p>
      ) : null}
      <ul
        ref={withAllWalletsStyles}
        className="wm-grid"
        aria-label={searching ? t('allWallets.results') : t('allWallets.all')}
        aria-busy={loading ? 'true' : undefined}
      >
        {list.map(w => {
          const installed = !!installedConnectorFor(core, w)
          return (
            <li key={w.id}>
              <button
                type="button"
                className="wm-grid-item"
                part="button"
                aria-label={rowLabel(w.name, installed ? t('allWallets.installed') : undefined) ?? w.name}
                onClick={() => chooseDirectoryWallet(core, w)}
              >
                <WalletImage name={w.name} src={walletImageUrl(core, w)} allowOrigins={origins} />
                <span className="wm-grid-name">{w.name}</span>
                {/* Not drawn (flex), but keeps "Devnet Wallet Installed" apart in the visible text: WCAG 2.5.3, as in ListItem. */}
                {installed ? ' ' : null}
                {installed ? <span className="wm-tag wm-tag-accent">{t('allWallets.installed')}</span> : null}
              </button>
            </li>
          )
        })}
      </ul>
      {loading ? (
        <div className="wm-center" role="status" aria-label={t('allWallets.loading')}>
          <span className="wm-spinner" />
        </div>
      ) : null}
      {!searching ? <div ref={sentinel} className="wm-sentinel" data-testid="all-wallets-end" /> : null}
    </>
  )
}

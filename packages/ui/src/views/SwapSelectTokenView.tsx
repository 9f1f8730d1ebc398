import { useState } from 'react'
import { useSnapshot } from 'valtio/react'
import { formatUsd, pickSwapToken, swapBalance, swapFeature, swapTokenSections, truncateDecimals, type SwapToken } from '@wallet-modal/core/internal'
import { useCore } from '../hooks/CoreContext.js'
import { WalletImage } from '../components/WalletImage.js'
import { serviceOrigins } from '../hooks/useServiceOrigins.js'
import { withSwapStyles } from './swapStyles.js'

/**
 * The token picker of Swap (one side, from the router's `swapSide`): a search by name, symbol or
 * address; the account's tokens first, then the network's suggested tokens as chips, then every
 * other token of the network, popular ones first. Picking goes back to Swap.
 */
export function SwapSelectTokenView() {
  const core = useCore()
  const swap = swapFeature(core).controller
  useSnapshot(swap.state)
  useSnapshot(core.blockchainApi.state)
  const router = useSnapshot(core.router.state)
  const side = router.data?.swapSide ?? 'from'
  const [query, setQuery] = useState('')
  const { yours, suggested, rest } = swapTokenSections(core, query)
  const origins = serviceOrigins(core)
  const choose = (token: SwapToken) => {
    pickSwapToken(core, side, token)
    core.router.goBack()
  }
  const row = (t: SwapToken, listed: string) => {
    const b = swapBalance(core, t)
    return (
      <li key={`${listed}:${t.address}`}>
        <button type="button" className="wm-list-item" data-testid="swap-token-option" data-symbol={t.symbol} onClick={() => choose(t)}>
          <WalletImage name={t.symbol} src={t.logoUri || undefined} allowOrigins={origins} />
          <span className="wm-name">
            {t.name}
            <span className="wm-muted wm-token-qty">
              {Number(b.quantity) > 0 ? `${truncateDecimals(b.quantity, 4)} ` : ''}
              {t.symbol}
            </span>
          </span>
          {b.value ? <span>{formatUsd(b.value)}</span> : null}
        </button>
      </li>
    )
  }
  return (
    <>
      <input ref={withSwapStyles} className="wm-search" type="search" placeholder="Search name or address" aria-label="Search token" value={query} onChange={e => setQuery(e.target.value)} autoFocus />
      {suggested.length && !query ? (
        <ul className="wm-chips" aria-label="Suggested tokens">
          {suggested.map(t => (
            <li key={t.address}>
              <button type="button" className="wm-token-pick" onClick={() => choose(t)} data-testid="swap-suggested-token">
                <WalletImage name={t.symbol} src={t.logoUri || undefined} allowOrigins={origins} />
                <span>{t.symbol}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {yours.length ? (
        <>
          <h3 className="wm-muted wm-section">Your tokens</h3>
          <ul className="wm-list" aria-label="Your tokens">
            {yours.map(t => row(t, 'yours'))}
          </ul>
        </>
      ) : null}
      {rest.length ? (
        <>
          <h3 className="wm-muted wm-section">Tokens</h3>
          <ul className="wm-list" aria-label="Tokens">
            {rest.map(t => row(t, 'rest'))}
          </ul>
        </>
      ) : null}
      {!yours.length && !rest.length ? (
        <p className="wm-muted" role="status">
          {query ? 'No tokens match your search' : 'No tokens to swap on this network'}
        </p>
      ) : null}
    </>
  )
}

import { useState } from 'react'
import { useSnapshot } from 'valtio/react'
import { pickSwapToken, swapBalance, swapEnglish, swapFeature, swapTokenSections, truncateDecimals, type SwapToken } from '@wallet-modal/core/internal'
import { useCore } from '../hooks/CoreContext.js'
import { useEnglishT } from '../hooks/useEnglishT.js'
import { WalletImage } from '../components/WalletImage.js'
import { serviceOrigins } from '../hooks/useServiceOrigins.js'
import { withSwapStyles } from './swapStyles.js'
import { formatUsdIn } from '../hooks/formatUsdIn.js'

/**
 * The token picker of Swap (one side, from the router's `swapSide`): a search by name, symbol or
 * address; the account's tokens first, then the network's suggested tokens as chips, then every
 * other token of the network, popular ones first. Picking goes back to Swap.
 */
export function SwapSelectTokenView() {
  const core = useCore()
  const t = useEnglishT(core, swapEnglish)
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
  const row = (token: SwapToken, listed: string) => {
    const b = swapBalance(core, token)
    return (
      <li key={`${listed}:${token.address}`}>
        <button type="button" className="wm-list-item" data-testid="swap-token-option" data-symbol={token.symbol} onClick={() => choose(token)}>
          <WalletImage name={token.symbol} src={token.logoUri || undefined} allowOrigins={origins} />
          <span className="wm-name">
            {token.name}
            <span className="wm-muted wm-token-qty">
              {Number(b.quantity) > 0 ? `${core.i18n.format.amount(truncateDecimals(b.quantity, 4))} ` : ''}
              {token.symbol}
            </span>
          </span>
          {b.value ? <span>{formatUsdIn(core.i18n.state.locale, b.value)}</span> : null}
        </button>
      </li>
    )
  }
  return (
    <>
      <input
        ref={withSwapStyles}
        className="wm-search"
        type="search"
        placeholder={t('swap.searchPlaceholder')}
        aria-label={t('swap.searchLabel')}
        value={query}
        onChange={e => setQuery(e.target.value)}
        autoFocus
      />
      {suggested.length && !query ? (
        <ul className="wm-chips" aria-label={t('swap.suggestedTokens')}>
          {suggested.map(token => (
            <li key={token.address}>
              <button type="button" className="wm-token-pick" onClick={() => choose(token)} data-testid="swap-suggested-token">
                <WalletImage name={token.symbol} src={token.logoUri || undefined} allowOrigins={origins} />
                <span>{token.symbol}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {yours.length ? (
        <>
          <h3 className="wm-muted wm-section">{t('swap.yourTokens')}</h3>
          <ul className="wm-list" aria-label={t('swap.yourTokens')}>
            {yours.map(token => row(token, 'yours'))}
          </ul>
        </>
      ) : null}
      {rest.length ? (
        <>
          <h3 className="wm-muted wm-section">{t('swap.tokens')}</h3>
          <ul className="wm-list" aria-label={t('swap.tokens')}>
            {rest.map(token => row(token, 'rest'))}
          </ul>
        </>
      ) : null}
      {!yours.length && !rest.length ? (
        <p className="wm-muted" role="status">
          {query ? t('swap.noMatch') : t('swap.noTokens')}
        </p>
      ) : null}
    </>
  )
}

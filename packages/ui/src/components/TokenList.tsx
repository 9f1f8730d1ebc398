import { useSnapshot } from 'valtio/react'
import { portfolioTotal, truncateDecimals } from '@wallet-modal/core/internal'
import { formatUsdIn, UNKNOWN_USD } from '../hooks/formatUsdIn.js'
import { useCore } from '../hooks/CoreContext.js'
import { useT } from '../hooks/useT.js'
import { WalletImage } from './WalletImage.js'
import { serviceOrigins } from '../hooks/useServiceOrigins.js'

/**
 * The account's tokens with their fiat value (2 decimals) and the total in USD. Without a
 * blockchain data API (the site's `tokens` read from the network's RPC) there are no prices: the
 * amounts are shown alone, with no dollar value or total. A token the service has no price for
 * shows "–" (unknown, never $0), and the total says how many such tokens it leaves out.
 */
export function TokenList() {
  const core = useCore()
  const t = useT(core)
  const bc = useSnapshot(core.blockchainApi.state)
  const priced = core.hasServices
  if (!priced && !core.options.state.tokens) return null
  const total = portfolioTotal(bc.tokenBalances)
  const locale = core.i18n.state.locale
  const failed = bc.balancesError && bc.tokenBalances.length === 0
  return (
    <section className="wm-full" aria-label={t('account.tokens')}>
      {priced || failed ? (
        <p className="wm-total" data-testid="total-usd">
          {failed ? bc.balancesError : total.usd === undefined ? UNKNOWN_USD : formatUsdIn(locale, total.usd)}
        </p>
      ) : null}
      {priced && !failed && total.unpriced > 0 ? (
        <p className="wm-muted" data-testid="total-excludes">
          {t('account.totalExcludes', { count: total.unpriced })}
        </p>
      ) : null}
      {bc.balancesLoading && bc.tokenBalances.length === 0 ? (
        <div className="wm-center" role="status" aria-label={t('account.loadingTokens')}>
          <span className="wm-spinner" />
        </div>
      ) : null}
      <ul className="wm-list" aria-label={t('account.tokenBalances')}>
        {bc.tokenBalances.map(token => (
          <li key={`${token.chainId}:${token.address ?? 'native'}`} className="wm-token" data-testid="token-row">
            <WalletImage name={token.symbol} src={token.iconUrl ?? undefined} allowOrigins={serviceOrigins(core)} />
            <span className="wm-name">
              {token.name}
              <span className="wm-muted wm-token-qty" data-testid="token-quantity">
                {core.i18n.format.amount(truncateDecimals(token.quantity.numeric, 3))} {token.symbol}
              </span>
            </span>
            {priced ? (
              token.value === undefined ? (
                <span data-testid="token-value" role="img" title={t('account.priceUnknown')} aria-label={t('account.priceUnknown')}>
                  {UNKNOWN_USD}
                </span>
              ) : (
                <span data-testid="token-value">{formatUsdIn(locale, token.value)}</span>
              )
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  )
}

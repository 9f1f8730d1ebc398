import { useSnapshot } from 'valtio/react'
import { formatUsd, truncateDecimals } from '@wallet-modal/core/internal'
import { useCore } from '../hooks/CoreContext.js'
import { WalletImage } from './WalletImage.js'
import { serviceOrigins } from '../hooks/useServiceOrigins.js'

/** The account's tokens with their fiat value (2 decimals) and the total in USD. */
export function TokenList() {
  const core = useCore()
  const bc = useSnapshot(core.blockchainApi.state)
  if (!core.hasServices) return null
  const total = core.blockchainApi.totalUsd()
  return (
    <section className="wm-full" aria-label="Tokens">
      <p className="wm-total" data-testid="total-usd">
        {bc.balancesError && bc.tokenBalances.length === 0 ? bc.balancesError : formatUsd(total)}
      </p>
      {bc.balancesLoading && bc.tokenBalances.length === 0 ? (
        <div className="wm-center" role="status" aria-label="Loading tokens">
          <span className="wm-spinner" />
        </div>
      ) : null}
      <ul className="wm-list" aria-label="Token balances">
        {bc.tokenBalances.map(t => (
          <li key={`${t.chainId}:${t.address ?? 'native'}`} className="wm-token" data-testid="token-row">
            <WalletImage name={t.symbol} src={t.iconUrl ?? undefined} allowOrigins={serviceOrigins(core)} />
            <span className="wm-name">
              {t.name}
              <span className="wm-muted wm-token-qty" data-testid="token-quantity">
                {truncateDecimals(t.quantity.numeric, 3)} {t.symbol}
              </span>
            </span>
            <span data-testid="token-value">{formatUsd(t.value)}</span>
          </li>
        ))}
      </ul>
    </section>
  )
}

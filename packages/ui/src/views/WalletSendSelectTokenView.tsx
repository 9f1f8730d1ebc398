import { useState } from 'react'
import { useSnapshot } from 'valtio/react'
import { formatUsd, sendableTokens, truncateDecimals, walletFeatures } from '@wallet-modal/core/internal'
import { useCore } from '../hooks/CoreContext.js'
import { WalletImage } from '../components/WalletImage.js'
import { serviceOrigins } from '../hooks/useServiceOrigins.js'

/** Select Token: the account's sendable tokens, searchable by name or symbol; picking one goes back to Send. */
export function WalletSendSelectTokenView() {
  const core = useCore()
  const { send } = walletFeatures(core)
  useSnapshot(core.blockchainApi.state)
  useSnapshot(core.chain.state)
  const [query, setQuery] = useState('')
  const q = query.trim().toLowerCase()
  const tokens = sendableTokens(core).filter(t => !q || t.name.toLowerCase().includes(q) || t.symbol.toLowerCase().includes(q))
  const origins = serviceOrigins(core)
  return (
    <>
      <input className="wm-search" type="search" placeholder="Search token" aria-label="Search token" value={query} onChange={e => setQuery(e.target.value)} autoFocus />
      <ul className="wm-list" aria-label="Your tokens">
        {tokens.map(t => (
          <li key={`${t.chainId}:${t.address ?? 'native'}`}>
            <button
              type="button"
              className="wm-list-item"
              data-testid="send-token-option"
              onClick={() => {
                send.setToken(t)
                core.router.goBack()
              }}
            >
              <WalletImage name={t.symbol} src={t.iconUrl ?? undefined} allowOrigins={origins} />
              <span className="wm-name">
                {t.name}
                <span className="wm-muted wm-token-qty">
                  {truncateDecimals(t.quantity.numeric, 3)} {t.symbol}
                </span>
              </span>
              {t.value ? <span>{formatUsd(t.value)}</span> : null}
            </button>
          </li>
        ))}
      </ul>
      {tokens.length === 0 ? (
        <p className="wm-muted" role="status">
          {q ? 'No tokens match your search' : 'No tokens to send on this network'}
        </p>
      ) : null}
    </>
  )
}

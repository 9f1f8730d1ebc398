import { useState } from 'react'
import { useSnapshot } from 'valtio/react'
import { sendEnglish, sendableTokens, truncateDecimals, walletFeatures } from '@wallet-modal/core/internal'
import { useCore } from '../hooks/CoreContext.js'
import { useEnglishT } from '../hooks/useEnglishT.js'
import { WalletImage } from '../components/WalletImage.js'
import { serviceOrigins } from '../hooks/useServiceOrigins.js'
import { formatUsdIn, UNKNOWN_USD } from '../hooks/formatUsdIn.js'

/** Select Token: the account's sendable tokens, searchable by name or symbol; picking one goes back to Send. */
export function WalletSendSelectTokenView() {
  const core = useCore()
  const t = useEnglishT(core, sendEnglish)
  const { send } = walletFeatures(core)
  useSnapshot(core.blockchainApi.state)
  useSnapshot(core.chain.state)
  const [query, setQuery] = useState('')
  const q = query.trim().toLowerCase()
  const tokens = sendableTokens(core).filter(token => !q || token.name.toLowerCase().includes(q) || token.symbol.toLowerCase().includes(q))
  const origins = serviceOrigins(core)
  return (
    <>
      <input
        className="wm-search"
        type="search"
        placeholder={t('send.tokens.search')}
        aria-label={t('send.tokens.search')}
        value={query}
        onChange={e => setQuery(e.target.value)}
        autoFocus
      />
      <ul className="wm-list" aria-label={t('send.tokens.label')}>
        {tokens.map(token => (
          <li key={`${token.chainId}:${token.address ?? 'native'}`}>
            <button
              type="button"
              className="wm-list-item"
              data-testid="send-token-option"
              onClick={() => {
                send.setToken(token)
                core.router.goBack()
              }}
            >
              <WalletImage name={token.symbol} src={token.iconUrl ?? undefined} allowOrigins={origins} />
              <span className="wm-name">
                {token.name}
                <span className="wm-muted wm-token-qty">
                  {core.i18n.format.amount(truncateDecimals(token.quantity.numeric, 3))} {token.symbol}
                </span>
              </span>
              {token.value ? (
                <span>{formatUsdIn(core.i18n.state.locale, token.value)}</span>
              ) : token.value === undefined && core.hasServices ? (
                <span role="img" title={t('account.priceUnknown')} aria-label={t('account.priceUnknown')}>
                  {UNKNOWN_USD}
                </span>
              ) : null}
            </button>
          </li>
        ))}
      </ul>
      {tokens.length === 0 ? (
        <p className="wm-muted" role="status">
          {q ? t('send.tokens.noMatch') : t('send.tokens.none')}
        </p>
      ) : null}
    </>
  )
}

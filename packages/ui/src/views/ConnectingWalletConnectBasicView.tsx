import { useEffect } from 'react'
import { useSnapshot } from 'valtio/react'
import { fetchFeaturedAndRecommended, walletsEnglish } from '@wallet-modal/core/internal'
import { useCore } from '../hooks/CoreContext.js'
import { useEnglishT } from '../hooks/useEnglishT.js'
import { errorText } from '../hooks/textOr.js'
import { useWalletConnect } from '../hooks/useWalletConnect.js'
import { WalletConnectQr } from '../components/WalletConnectQr.js'
import { DirectoryWalletItem } from '../components/DirectoryWalletItem.js'
import { ListItem } from '../components/ListItem.js'

/**
 * ConnectingWalletConnectBasic (no chain adapter configured, spec §2): a QR code for any
 * WalletConnect wallet, 'Copy link', and the directory's wallets to pick one by name.
 */
export function ConnectingWalletConnectBasicView() {
  const core = useCore()
  const t = useEnglishT(core, walletsEnglish)
  const api = useSnapshot(core.api.state)
  const { uri, pairing, error, problem, retry } = useWalletConnect()
  const stuck = !!error && !uri && !pairing
  useEffect(() => {
    if (core.api.state.recommended.length === 0) void fetchFeaturedAndRecommended(core)
  }, [core])
  const wallets = [...api.featured, ...api.recommended]
  return (
    <>
      <div className="wm-center">
        <div role="status" aria-live="polite" data-testid="wc-status">
          {error ? (
            <p className="wm-error-text">{errorText(t, { code: error.code, shortMessage: error.message })}</p>
          ) : (
            <p className="wm-muted">{t('walletConnect.scan')}</p>
          )}
          {stuck && problem ? <p className="wm-muted">{t('walletConnect.unavailable', { reason: problem })}</p> : null}
        </div>
        <WalletConnectQr uri={uri} pairing={pairing} stuck={stuck} onRetry={retry} />
      </div>
      {wallets.length ? (
        <ul className="wm-list" aria-label={t('walletConnect.wallets')}>
          {core.api.state.featured.concat(core.api.state.recommended).map(w => (
            <DirectoryWalletItem key={w.id} core={core} wallet={w} />
          ))}
        </ul>
      ) : null}
      {core.options.state.features.allWallets !== false ? (
        <ul className="wm-list">
          <ListItem name={t('walletConnect.allWallets')} onClick={() => core.router.push('AllWallets')} />
        </ul>
      ) : null}
    </>
  )
}

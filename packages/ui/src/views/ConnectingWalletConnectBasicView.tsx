import { useEffect } from 'react'
import { useSnapshot } from 'valtio/react'
import { fetchFeaturedAndRecommended } from '@wallet-modal/core/internal'
import { useCore } from '../hooks/CoreContext.js'
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
  const api = useSnapshot(core.api.state)
  const { uri, pairing, error, retry } = useWalletConnect()
  const stuck = !!error && !uri && !pairing
  useEffect(() => {
    if (core.hasServices && core.api.state.recommended.length === 0) void fetchFeaturedAndRecommended(core)
  }, [core])
  const wallets = [...api.featured, ...api.recommended]
  return (
    <>
      <div className="wm-center">
        <div role="status" aria-live="polite" data-testid="wc-status">
          {error ? <p className="wm-error-text">{error.message}</p> : <p className="wm-muted">Scan this code with your phone’s wallet.</p>}
        </div>
        <WalletConnectQr uri={uri} pairing={pairing} stuck={stuck} onRetry={retry} />
      </div>
      {wallets.length ? (
        <ul className="wm-list" aria-label="Wallets">
          {core.api.state.featured.concat(core.api.state.recommended).map(w => (
            <DirectoryWalletItem key={w.id} core={core} wallet={w} />
          ))}
        </ul>
      ) : null}
      {core.hasServices ? (
        <ul className="wm-list">
          <ListItem name="All Wallets" onClick={() => core.router.push('AllWallets')} />
        </ul>
      ) : null}
    </>
  )
}

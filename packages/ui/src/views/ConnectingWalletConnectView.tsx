import { useSnapshot } from 'valtio/react'
import { isMobile, walletImageUrl } from '@wallet-modal/core/internal'
import { useCore } from '../hooks/CoreContext.js'
import { useWalletConnect } from '../hooks/useWalletConnect.js'
import { WalletImage } from '../components/WalletImage.js'
import { WalletConnectQr } from '../components/WalletConnectQr.js'
import { walletOpenLink } from '../components/walletOpenLink.js'
import { serviceOrigins } from '../hooks/useServiceOrigins.js'

/**
 * ConnectingWalletConnect: the pairing's QR code and 'Copy link', and, for a wallet chosen from
 * the directory, its image and an 'Open' link carrying the pairing URI. A declined proposal shows
 * 'Connection rejected' above a fresh code.
 */
export function ConnectingWalletConnectView() {
  const core = useCore()
  const router = useSnapshot(core.router.state)
  const wallet = router.data?.wallet
  const { uri, pairing, error, retry } = useWalletConnect()
  const open = wallet && uri ? walletOpenLink(wallet, uri, isMobile()) : undefined
  // The relay failed and automatic retries are spent: offer a manual one instead of a dead code.
  const stuck = !!error && !uri && !pairing
  return (
    <div className="wm-center">
      {wallet ? <WalletImage name={wallet.name} src={walletImageUrl(core, core.router.state.data!.wallet!)} allowOrigins={serviceOrigins(core)} large /> : null}
      <div role="status" aria-live="polite" data-testid="wc-status">
        {error ? (
          <>
            <p className="wm-error-text">{error.message}</p>
            <p className="wm-muted">{stuck ? 'The connection service did not answer.' : error.code === 'USER_REJECTED' ? 'The wallet declined. A new code is ready: scan it to try again.' : 'Scan the new code to try again.'}</p>
          </>
        ) : (
          <p className="wm-muted">{wallet ? `Scan this code with ${wallet.name} on your phone, or open it.` : 'Scan this code with your phone’s wallet.'}</p>
        )}
      </div>
      <WalletConnectQr uri={uri} pairing={pairing} stuck={stuck} onRetry={retry} />
      {open && wallet ? (
        <a className="wm-button wm-full" part="button" href={open.href} target={open.target} rel="noopener noreferrer">
          Open {wallet.name}
        </a>
      ) : null}
    </div>
  )
}

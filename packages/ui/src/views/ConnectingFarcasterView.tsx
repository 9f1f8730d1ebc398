import { useSnapshot } from 'valtio/react'
import { embeddedState, farcasterLogin, isMobile } from '@wallet-modal/core/internal'
import { useCore } from '../hooks/CoreContext.js'
import { QrCode } from '../components/QrCode.js'
import { withQrStyles } from '../components/qrStyles.js'

/** Only a web link is ever made a link (the relay's answer is remote text). */
const safeLink = (url: string | undefined) => (url && /^https?:\/\//.test(url) ? url : undefined)

/**
 * ConnectingFarcaster (spec §2): the Sign In With Farcaster link as a QR code to scan with the
 * Farcaster app, and as a link to open on this device; the login completes once the app signed.
 * On failure: 'Failed to connect to farcaster' with the reason, and "Try again".
 */
export function ConnectingFarcasterView() {
  const core = useCore()
  const { social, farcasterUrl } = useSnapshot(embeddedState(core).state)
  const link = safeLink(farcasterUrl)
  if (social.step === 'error') {
    return (
      <div className="wm-center" data-testid="connecting-farcaster">
        <p className="wm-error-text" role="alert" data-testid="farcaster-error">
          {social.error}
        </p>
        <button type="button" className="wm-button" part="button" onClick={() => void farcasterLogin(core)}>
          Try again
        </button>
      </div>
    )
  }
  return (
    <div className="wm-center" data-testid="connecting-farcaster">
      {social.step === 'requested' ? null : link ? (
        <QrCode value={link} label="Sign in with Farcaster QR code" size={isMobile() ? 200 : 240} />
      ) : (
        <div ref={withQrStyles} className="wm-qr wm-qr-placeholder" aria-busy="true">
          <span className="wm-spinner" aria-hidden="true" />
        </div>
      )}
      <p className="wm-muted" aria-live="polite" data-testid="farcaster-status">
        {social.step === 'requested' ? 'Connecting your wallet…' : 'Scan with the Farcaster app on your phone, or open the link on this device.'}
      </p>
      {link && social.step !== 'requested' ? (
        <a className="wm-button wm-button-secondary" part="button" href={link} target="_blank" rel="noopener noreferrer" data-testid="farcaster-link">
          Open in Farcaster
        </a>
      ) : null}
    </div>
  )
}

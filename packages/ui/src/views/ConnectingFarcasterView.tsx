import { useSnapshot } from 'valtio/react'
import { authEnglish, embeddedState, farcasterLogin, isMobile } from '@wallet-modal/core/internal'
import { useCore } from '../hooks/CoreContext.js'
import { useEnglishT } from '../hooks/useEnglishT.js'
import { QrCode } from '../components/QrCode.js'
import { withQrStyles } from '../components/qrStyles.js'
import { EMBEDDED_ERROR_MESSAGES, ERROR_MESSAGES, SOCIAL_ERROR_MESSAGES } from '@wallet-modal/core/internal'
import { errorWords } from '../hooks/errorWords.js'

/** The catalogues whose words this view's errors may be (shown in the active locale). */
const ERRORS = [ERROR_MESSAGES, EMBEDDED_ERROR_MESSAGES, SOCIAL_ERROR_MESSAGES]

/** The app's name, a brand: the same in every language. */
const FARCASTER = 'Farcaster'

/** Only a web link is ever made a link (the relay's answer is remote text). */
const safeLink = (url: string | undefined) => (url && /^https?:\/\//.test(url) ? url : undefined)

/**
 * ConnectingFarcaster (spec §2): the Sign In With Farcaster link as a QR code to scan with the
 * Farcaster app, and as a link to open on this device; the login completes once the app signed.
 * On failure: 'Failed to connect to farcaster' with the reason, and "Try again".
 */
export function ConnectingFarcasterView() {
  const core = useCore()
  const t = useEnglishT(core, authEnglish)
  const { social, farcasterUrl } = useSnapshot(embeddedState(core).state)
  const link = safeLink(farcasterUrl)
  if (social.step === 'error') {
    return (
      <div className="wm-center" data-testid="connecting-farcaster">
        <p className="wm-error-text" role="alert" data-testid="farcaster-error">
          {social.error ? errorWords(core, social.error, ERRORS) : null}
        </p>
        <button type="button" className="wm-button" part="button" onClick={() => void farcasterLogin(core)}>
          {t('farcaster.tryAgain')}
        </button>
      </div>
    )
  }
  return (
    <div className="wm-center" data-testid="connecting-farcaster">
      {social.step === 'requested' ? null : link ? (
        <QrCode value={link} label={t('farcaster.qrLabel', { app: FARCASTER })} size={isMobile() ? 200 : 240} />
      ) : (
        <div ref={withQrStyles} className="wm-qr wm-qr-placeholder" aria-busy="true">
          <span className="wm-spinner" aria-hidden="true" />
        </div>
      )}
      <p className="wm-muted" aria-live="polite" data-testid="farcaster-status">
        {social.step === 'requested' ? t('farcaster.connectingWallet') : t('farcaster.scan', { app: FARCASTER })}
      </p>
      {link && social.step !== 'requested' ? (
        <a className="wm-button wm-button-secondary" part="button" href={link} target="_blank" rel="noopener noreferrer" data-testid="farcaster-link">
          {t('farcaster.open', { app: FARCASTER })}
        </a>
      ) : null}
    </div>
  )
}

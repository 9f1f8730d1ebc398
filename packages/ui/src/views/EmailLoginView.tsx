import { useSnapshot } from 'valtio/react'
import { authEnglish, embeddedState, leaveEmailLogin, securePageUrl } from '@wallet-modal/core/internal'
import { useCore } from '../hooks/CoreContext.js'
import { useEnglishT } from '../hooks/useEnglishT.js'
import { SecureFrame } from '../components/SecureFrame.js'
import { EMBEDDED_ERROR_MESSAGES, ERROR_MESSAGES, SOCIAL_ERROR_MESSAGES } from '@wallet-modal/core/internal'
import { errorWords } from '../hooks/errorWords.js'

/** The catalogues whose words this view's errors may be (shown in the active locale). */
const ERRORS = [ERROR_MESSAGES, EMBEDDED_ERROR_MESSAGES, SOCIAL_ERROR_MESSAGES]

/**
 * EmailLogin (spec §2): the login's progress. The code is typed in the secure site's own frame
 * (another origin), so it never exists in this page: this view only shows where the login stands.
 */
export function EmailLoginView() {
  const core = useCore()
  const t = useEnglishT(core, authEnglish)
  const st = embeddedState(core)
  const { step, email, error } = useSnapshot(st.state)
  if (step === 'idle' || !email) {
    return (
      <div className="wm-center" role="alert">
        <p className="wm-error-text" data-testid="email-login-error">
          {error ? errorWords(core, error, ERRORS) : t('email.stopped')}
        </p>
        <button type="button" className="wm-button" part="button" onClick={() => void leaveEmailLogin(core)}>
          {t('email.tryAgain')}
        </button>
      </div>
    )
  }
  if (step === 'otp') {
    const src = securePageUrl(core, 'otp', { email, purpose: 'login' })
    return (
      <div className="wm-center">
        {/* The frame says where the code went; the modal adds nothing the code entry repeats. */}
        {src ? <SecureFrame src={src} title={t('email.enterCode')} height={190} testId="otp-frame" /> : null}
        {error ? (
          <p className="wm-error-text" role="alert">
            {errorWords(core, error, ERRORS)}
          </p>
        ) : null}
      </div>
    )
  }
  const text = step === 'device' ? t('email.newDevice', { email }) : step === 'connecting' ? t('email.connecting') : t('email.sendingCode', { email })
  return (
    <div className="wm-center" aria-live="polite">
      <span className="wm-spinner" aria-hidden="true" />
      <p className="wm-muted" data-testid="email-login-status">
        {text}
      </p>
    </div>
  )
}

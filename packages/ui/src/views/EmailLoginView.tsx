import { useSnapshot } from 'valtio/react'
import { embeddedState, leaveEmailLogin, securePageUrl } from '@wallet-modal/core/internal'
import { useCore } from '../hooks/CoreContext.js'
import { SecureFrame } from '../components/SecureFrame.js'

/**
 * EmailLogin (spec §2): the login's progress. The code is typed in the secure site's own frame
 * (another origin), so it never exists in this page: this view only shows where the login stands.
 */
export function EmailLoginView() {
  const core = useCore()
  const st = embeddedState(core)
  const { step, email, error } = useSnapshot(st.state)
  if (step === 'idle' || !email) {
    return (
      <div className="wm-center" role="alert">
        <p className="wm-error-text" data-testid="email-login-error">
          {error ?? 'The login stopped.'}
        </p>
        <button type="button" className="wm-button" part="button" onClick={() => void leaveEmailLogin(core)}>
          Try again
        </button>
      </div>
    )
  }
  if (step === 'otp') {
    const src = securePageUrl(core, 'otp', { email, purpose: 'login' })
    return (
      <div className="wm-center">
        {/* The frame says where the code went; the modal adds nothing the code entry repeats. */}
        {src ? <SecureFrame src={src} title="Enter your code" height={190} testId="otp-frame" /> : null}
        {error ? (
          <p className="wm-error-text" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    )
  }
  const text =
    step === 'device'
      ? `This device is new: we sent a link to ${email}. Open it to approve this device; the login continues here.`
      : step === 'connecting'
        ? 'Connecting…'
        : `Sending a code to ${email}…`
  return (
    <div className="wm-center" aria-live="polite">
      <span className="wm-spinner" aria-hidden="true" />
      <p className="wm-muted" data-testid="email-login-status">
        {text}
      </p>
    </div>
  )
}

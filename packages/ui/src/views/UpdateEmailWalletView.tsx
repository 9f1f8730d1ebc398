import { useState } from 'react'
import { useSnapshot } from 'valtio/react'
import { embeddedState, securePageUrl, updateEmail } from '@wallet-modal/core/internal'
import { useCore } from '../hooks/CoreContext.js'
import { SecureFrame } from '../components/SecureFrame.js'

/**
 * UpdateEmailWallet (spec §2): a new address, then a code from the current address
 * (VERIFY_PRIMARY_OTP) and one from the new address (VERIFY_SECONDARY_OTP), both typed in the
 * secure site's frame.
 */
export function UpdateEmailWalletView() {
  const core = useCore()
  const { update, authEmail } = useSnapshot(embeddedState(core).state)
  const [email, setEmail] = useState('')
  if (update.step === 'primary' || update.step === 'secondary') {
    const primary = update.step === 'primary'
    const src = securePageUrl(core, 'otp', { email: primary ? (authEmail ?? '') : (update.newEmail ?? ''), purpose: primary ? 'update-primary' : 'update-secondary' })
    return (
      <div className="wm-center">
        <p className="wm-muted">{primary ? `Enter the code we sent to ${authEmail ?? 'your current address'}.` : `Now enter the code we sent to ${update.newEmail}.`}</p>
        {src ? <SecureFrame key={update.step} src={src} title="Enter your code" height={170} testId="update-otp-frame" /> : null}
      </div>
    )
  }
  if (update.step === 'done') {
    return (
      <div className="wm-center">
        <p data-testid="update-email-done">Your wallet now uses {update.newEmail}.</p>
        <button type="button" className="wm-button" part="button" onClick={() => core.router.goBack()}>
          Done
        </button>
      </div>
    )
  }
  return (
    <form
      className="wm-field wm-full"
      noValidate
      onSubmit={e => {
        e.preventDefault()
        void updateEmail(core, email)
      }}
    >
      <label htmlFor="wm-new-email">New e-mail address</label>
      <div className="wm-input-row">
        <input id="wm-new-email" className="wm-search" type="email" autoComplete="email" value={email} maxLength={254} onChange={e => setEmail(e.target.value)} />
        <button type="submit" className="wm-button" part="button" disabled={update.step === 'sending' || !email.trim()}>
          {update.step === 'sending' ? 'Sending…' : 'Continue'}
        </button>
      </div>
      {update.error ? (
        <p className="wm-error-text" role="alert">
          {update.error}
        </p>
      ) : null}
    </form>
  )
}

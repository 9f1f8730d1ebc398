import { useState } from 'react'
import { useSnapshot } from 'valtio/react'
import { authEnglish, embeddedState, securePageUrl, updateEmail } from '@wallet-modal/core/internal'
import { useCore } from '../hooks/CoreContext.js'
import { useEnglishT } from '../hooks/useEnglishT.js'
import { SecureFrame } from '../components/SecureFrame.js'
import { EMBEDDED_ERROR_MESSAGES, ERROR_MESSAGES, SOCIAL_ERROR_MESSAGES } from '@wallet-modal/core/internal'
import { errorWords } from '../hooks/errorWords.js'

/** The catalogues whose words this view's errors may be (shown in the active locale). */
const ERRORS = [ERROR_MESSAGES, EMBEDDED_ERROR_MESSAGES, SOCIAL_ERROR_MESSAGES]

/**
 * UpdateEmailWallet (spec §2): a new address, then a code from the current address
 * (VERIFY_PRIMARY_OTP) and one from the new address (VERIFY_SECONDARY_OTP), both typed in the
 * secure site's frame.
 */
export function UpdateEmailWalletView() {
  const core = useCore()
  const t = useEnglishT(core, authEnglish)
  const { update, authEmail } = useSnapshot(embeddedState(core).state)
  const [email, setEmail] = useState('')
  if (update.step === 'primary' || update.step === 'secondary') {
    const primary = update.step === 'primary'
    const src = securePageUrl(core, 'otp', {
      email: primary ? (authEmail ?? '') : (update.newEmail ?? ''),
      purpose: primary ? 'update-primary' : 'update-secondary'
    })
    return (
      <div className="wm-center">
        <p className="wm-muted">
          {primary
            ? authEmail != null
              ? t('updateEmail.enterCurrentCode', { email: authEmail })
              : t('updateEmail.enterCurrentAddressCode')
            : t('updateEmail.enterNewCode', { email: update.newEmail ?? '' })}
        </p>
        {src ? <SecureFrame key={update.step} src={src} title={t('updateEmail.codeFrame')} height={170} testId="update-otp-frame" /> : null}
      </div>
    )
  }
  if (update.step === 'done') {
    return (
      <div className="wm-center">
        <p data-testid="update-email-done">{t('updateEmail.done', { email: update.newEmail ?? '' })}</p>
        <button type="button" className="wm-button" part="button" onClick={() => core.router.goBack()}>
          {t('updateEmail.doneButton')}
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
      <label htmlFor="wm-new-email">{t('updateEmail.newEmail')}</label>
      <div className="wm-input-row">
        <input
          id="wm-new-email"
          className="wm-search"
          type="email"
          autoComplete="email"
          value={email}
          maxLength={254}
          onChange={e => setEmail(e.target.value)}
        />
        <button type="submit" className="wm-button" part="button" disabled={update.step === 'sending' || !email.trim()}>
          {update.step === 'sending' ? t('updateEmail.sending') : t('updateEmail.continue')}
        </button>
      </div>
      {update.error ? (
        <p className="wm-error-text" role="alert">
          {errorWords(core, update.error, ERRORS)}
        </p>
      ) : null}
    </form>
  )
}

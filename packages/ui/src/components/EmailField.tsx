import { useState } from 'react'
import { useSnapshot } from 'valtio/react'
import { emailLogin, embeddedState } from '@wallet-modal/core/internal'
import { useCore } from '../hooks/CoreContext.js'
import { useT } from '../hooks/useT.js'
import { lazyComponent } from '../lazy/lazyComponent.js'
import { useConnectGate } from './ConnectGate.js'

// In its own chunk (with the e-mail wallet's words): shown only once an address is refused.
const EmailFieldError = lazyComponent(() => import('./EmailFieldError.js').then(m => m.EmailFieldError))

/**
 * The e-mail entry on Connect (spec §2 connect methods): an address, then EmailLogin. The flow
 * checks it and the 30 s between codes; its words show here when it refuses. Under a locked
 * {@link useConnectGate} the field is read-only and the form sends nothing.
 */
export function EmailField() {
  const core = useCore()
  const t = useT(core)
  const st = embeddedState(core)
  const { step, error } = useSnapshot(st.state)
  const [email, setEmail] = useState(st.state.email ?? '')
  const busy = step === 'sending'
  const gate = useConnectGate()
  const errorId = step === 'idle' && error ? 'wm-email-error' : undefined
  return (
    <form
      className="wm-field wm-full"
      noValidate
      onSubmit={e => {
        e.preventDefault()
        if (!gate.locked) void emailLogin(core, email)
      }}
    >
      <label htmlFor="wm-email">{t('connect.emailLabel')}</label>
      <div className="wm-input-row">
        <input
          id="wm-email"
          className="wm-search"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={t('connect.emailPlaceholder')}
          value={email}
          maxLength={254}
          spellCheck={false}
          aria-invalid={step === 'idle' && !!error}
          aria-disabled={gate.attributes['aria-disabled']}
          aria-describedby={[errorId, gate.attributes['aria-describedby']].filter(Boolean).join(' ') || undefined}
          readOnly={gate.locked}
          onChange={e => setEmail(e.target.value)}
          data-testid="email-input"
        />
        <button type="submit" className="wm-button" part="button" disabled={busy || !email.trim()} {...gate.attributes} data-testid="email-submit">
          {t('connect.continue')}
        </button>
      </div>
      {step === 'idle' && error ? (
        <p id="wm-email-error" className="wm-error-text" role="alert" data-testid="email-error">
          <EmailFieldError core={core} error={error} fallback={error} />
        </p>
      ) : null}
    </form>
  )
}

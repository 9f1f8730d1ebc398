import { useEffect, useId } from 'react'
import { useSnapshot } from 'valtio/react'
import { canRegisterName, checkAccountName, nameSuffix, namesState, registerAccountName, releaseRegisterForm, setAccountNameInput, startRegisterAccountName, NAME_ERROR_MESSAGES } from '@wallet-modal/core/internal'
import { useCore } from '../hooks/CoreContext.js'
import { useDebouncedEffect } from '../hooks/useDebouncedEffect.js'
import { withNamesStyles } from './namesStyles.js'

/**
 * RegisterAccountName (spec §2): type a name's own part (the suffix is shown beside it), the rule
 * checked at once, whether it is free asked once typing pauses, free variants of a taken name as
 * chips; Register signs in the embedded wallet's secure frame and registers it.
 */
export function RegisterAccountNameView() {
  const core = useCore()
  const names = namesState(core)
  const s = useSnapshot(names.state)
  const inputId = useId()
  const suffix = nameSuffix(core)
  // A fresh form each visit, but for the way back from the signature (the flow decides).
  useEffect(() => startRegisterAccountName(core), [core])
  useEffect(() => releaseRegisterForm(core), [core, s.step])
  useDebouncedEffect(() => void checkAccountName(core), [core, s.input])

  if (!canRegisterName(core)) {
    return (
      <p className="wm-alert" data-variant="error" role="alert" data-testid="name-unavailable">
        {NAME_ERROR_MESSAGES.NAME_AUTH_NOT_FOUND}
      </p>
    )
  }
  const label = s.input.toLowerCase()
  const checkedNow = s.checked === label && !!label
  const busy = s.step !== 'idle'
  const canSubmit = !!label && !s.ruleError && checkedNow && !s.taken && !busy
  const status = s.ruleError
    ? null
    : s.checking
      ? 'Checking…'
      : checkedNow
        ? s.taken
          ? `${label}${suffix} is taken`
          : `${label}${suffix} is available`
        : null
  const button = s.step === 'signing' ? 'Sign in your wallet…' : s.step === 'registering' ? 'Registering…' : 'Register'
  return (
    <form
      className="wm-send"
      ref={withNamesStyles}
      noValidate
      onSubmit={e => {
        e.preventDefault()
        if (canSubmit) void registerAccountName(core)
      }}
    >
      <div className="wm-field">
        <label htmlFor={inputId}>Choose your account name</label>
        <div className="wm-input-row wm-name-input">
          <input
            id={inputId}
            className="wm-search"
            value={s.input}
            maxLength={63 + suffix.length}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            disabled={busy}
            aria-invalid={!!s.ruleError || (checkedNow && !!s.taken)}
            aria-describedby={`${inputId}-rule ${inputId}-status`}
            onChange={e => setAccountNameInput(core, e.target.value)}
            data-testid="name-input"
          />
          <span className="wm-name-suffix" data-testid="name-suffix">
            {suffix}
          </span>
        </div>
        <p id={`${inputId}-rule`} className={s.ruleError ? 'wm-error-text' : 'wm-muted'} data-testid="name-rule">
          {NAME_ERROR_MESSAGES.NAME_RULE.replace(/^./, c => c.toUpperCase())}
        </p>
        <p id={`${inputId}-status`} className={checkedNow && !s.taken ? 'wm-muted wm-available' : 'wm-muted'} aria-live="polite" data-testid="name-status" data-considered={s.considered}>
          {status}
        </p>
      </div>
      {checkedNow && s.taken && s.suggestions.length ? (
        <div>
          <p className="wm-muted">Available instead:</p>
          <ul className="wm-chips" aria-label="Available names" data-testid="name-suggestions">
            {s.suggestions.map(suggestion => (
              <li key={suggestion.name}>
                <button type="button" className="wm-chip" disabled={busy} onClick={() => setAccountNameInput(core, suggestion.name)}>
                  {suggestion.name}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {s.error ? (
        <p className="wm-alert" data-variant="error" role="alert" data-testid="name-error">
          {s.error}
        </p>
      ) : null}
      <button type="submit" className="wm-button wm-full" part="button" disabled={!canSubmit} aria-busy={busy} data-testid="name-register">
        {button}
      </button>
    </form>
  )
}

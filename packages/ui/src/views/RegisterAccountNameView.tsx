import { useEffect, useId } from 'react'
import { useSnapshot } from 'valtio/react'
import {
  authEnglish,
  canRegisterName,
  checkAccountName,
  nameSuffix,
  namesState,
  registerAccountName,
  releaseRegisterForm,
  setAccountNameInput,
  startRegisterAccountName,
  NAME_ERROR_MESSAGES,
  ERROR_MESSAGES
} from '@wallet-modal/core/internal'
import { useCore } from '../hooks/CoreContext.js'
import { useEnglishT } from '../hooks/useEnglishT.js'
import { textOr } from '../hooks/textOr.js'
import { useDebouncedEffect } from '../hooks/useDebouncedEffect.js'
import { withNamesStyles } from './namesStyles.js'
import { errorWords } from '../hooks/errorWords.js'

/**
 * RegisterAccountName (spec §2): type a name's own part (the suffix is shown beside it), the rule
 * checked at once, whether it is free asked once typing pauses, free variants of a taken name as
 * chips; Register signs in the embedded wallet's secure frame and registers it.
 */
export function RegisterAccountNameView() {
  const core = useCore()
  const t = useEnglishT(core, authEnglish)
  const names = namesState(core)
  const s = useSnapshot(names.state)
  // canRegisterName reads the chain's state: reading the same fields from its snapshot makes this
  // view follow them (an e-mail login connects its Solana account first and the EVM one last, and
  // the view may open in between).
  const chain = useSnapshot(core.chain.state)
  const active = chain.namespaces[chain.activeNamespace]
  void [active.account.status, active.account.address, active.account.connectorId, active.network.caipNetwork]
  const inputId = useId()
  const suffix = nameSuffix(core)
  // A fresh form each visit, but for the way back from the signature (the flow decides).
  useEffect(() => startRegisterAccountName(core), [core])
  useEffect(() => releaseRegisterForm(core), [core, s.step])
  useDebouncedEffect(() => void checkAccountName(core), [core, s.input])

  if (!canRegisterName(core)) {
    return (
      <p className="wm-alert" data-variant="error" role="alert" data-testid="name-unavailable">
        {textOr(t, 'error.NAME_AUTH_NOT_FOUND', NAME_ERROR_MESSAGES.NAME_AUTH_NOT_FOUND)}
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
      ? t('names.checking')
      : checkedNow
        ? s.taken
          ? t('names.taken', { name: label + suffix })
          : t('names.available', { name: label + suffix })
        : null
  const button = s.step === 'signing' ? t('names.signing') : s.step === 'registering' ? t('names.registering') : t('names.register')
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
        <label htmlFor={inputId}>{t('names.label')}</label>
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
          {textOr(t, 'error.NAME_RULE', NAME_ERROR_MESSAGES.NAME_RULE).replace(/^./, c => c.toUpperCase())}
        </p>
        <p
          id={`${inputId}-status`}
          className={checkedNow && !s.taken ? 'wm-muted wm-available' : 'wm-muted'}
          aria-live="polite"
          data-testid="name-status"
          data-considered={s.considered}
        >
          {status}
        </p>
      </div>
      {checkedNow && s.taken && s.suggestions.length ? (
        <div>
          <p className="wm-muted">{t('names.availableInstead')}</p>
          <ul className="wm-chips" aria-label={t('names.suggestions')} data-testid="name-suggestions">
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
          {errorWords(core, s.error, [ERROR_MESSAGES, NAME_ERROR_MESSAGES])}
        </p>
      ) : null}
      <button type="submit" className="wm-button wm-full" part="button" disabled={!canSubmit} aria-busy={busy} data-testid="name-register">
        {button}
      </button>
    </form>
  )
}

import { useEffect, useId, useRef, useState } from 'react'
import { authEnglish, logOutEverywhere, toWalletModalError } from '@wallet-modal/core/internal'
import { useCore } from '../hooks/CoreContext.js'
import { useEnglishT } from '../hooks/useEnglishT.js'
import { LogOutIcon } from './Icons.js'

/**
 * Account's "Log out on every device" row (an e-mail or social account). Ending every session of
 * the account cannot be undone from here, so the first press asks, in place: the row turns into
 * the question with Cancel and "Log out everywhere". The second ends the sessions on every device
 * and disconnects this page; the modal closes as after Disconnect. A failure shows as a notice
 * and leaves the person logged in.
 */
export function LogOutEverywhereRow() {
  const core = useCore()
  const t = useEnglishT(core, authEnglish)
  const [step, setStep] = useState<'row' | 'confirm' | 'busy'>('row')
  const questionId = useId()
  const rowRef = useRef<HTMLButtonElement>(null)
  const cancelRef = useRef<HTMLButtonElement>(null)
  const asked = useRef(false)
  useEffect(() => {
    // The row is replaced in place, so focus follows it: to Cancel (the safe answer) when the
    // question appears, back to the row when it goes.
    if (step === 'confirm') cancelRef.current?.focus()
    else if (step === 'row' && asked.current) rowRef.current?.focus()
    asked.current = step !== 'row'
  }, [step])
  const confirm = () => {
    setStep('busy')
    logOutEverywhere(core).catch((err: unknown) => {
      core.snack.showError(toWalletModalError(err, 'DISCONNECT_FAILED'), 'DISCONNECT_FAILED')
      setStep('row')
    })
  }
  if (step === 'row') {
    return (
      <li>
        <button type="button" className="wm-list-item" part="button" ref={rowRef} onClick={() => setStep('confirm')} data-testid="logout-everywhere">
          <span className="wm-image wm-image-placeholder" aria-hidden="true">
            <LogOutIcon />
          </span>
          <span className="wm-name">{t('embedded.logoutEverywhere')}</span>
        </button>
      </li>
    )
  }
  const busy = step === 'busy'
  return (
    <li>
      <div className="wm-stack" role="group" aria-labelledby={questionId} data-testid="logout-everywhere-question">
        <p id={questionId} className="wm-muted">
          {t('embedded.logoutEverywhereQuestion')}
        </p>
        <div className="wm-button-row">
          <button
            type="button"
            className="wm-button wm-button-secondary"
            part="button"
            ref={cancelRef}
            disabled={busy}
            onClick={() => setStep('row')}
            data-testid="logout-everywhere-cancel"
          >
            {t('embedded.logoutEverywhereCancel')}
          </button>
          <button
            type="button"
            className="wm-button wm-button-danger"
            part="button"
            disabled={busy}
            aria-busy={busy}
            onClick={confirm}
            data-testid="logout-everywhere-confirm"
          >
            {busy ? t('embedded.loggingOut') : t('embedded.logoutEverywhereConfirm')}
          </button>
        </div>
      </div>
    </li>
  )
}

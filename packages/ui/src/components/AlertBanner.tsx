import { useSnapshot } from 'valtio/react'
import { ALERTS } from '@wallet-modal/core/internal'
import { useCore } from '../hooks/CoreContext.js'
import { useT } from '../hooks/useT.js'
import { textOr } from '../hooks/textOr.js'
import { CloseIcon } from './Icons.js'

/** A configuration alert (spec §8) at the top of the dialog, dismissible. */
export function AlertBanner() {
  const core = useCore()
  const t = useT(core)
  const { code } = useSnapshot(core.alert.state)
  if (!code) return null
  const alert = ALERTS[code]
  return (
    <div className="wm-alert" data-variant={alert.variant} role="alert">
      <div>
        <strong>{textOr(t, `alert.${code}.title`, alert.title)}</strong>
        <p className="wm-muted">{textOr(t, `alert.${code}.description`, alert.description)}</p>
      </div>
      <button type="button" className="wm-icon-button" aria-label={t('dialog.dismissAlert')} onClick={() => core.alert.dismiss()}>
        <CloseIcon />
      </button>
    </div>
  )
}

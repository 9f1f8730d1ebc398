import { useSnapshot } from 'valtio/react'
import { namesState } from '@wallet-modal/core/internal'
import { useCore } from '../hooks/CoreContext.js'
import { withNamesStyles } from './namesStyles.js'

/** RegisterAccountNameSuccess (spec §2): the name is the account's; Done goes back to Account (the flow replaced the form with this view), which shows it. */
export function RegisterAccountNameSuccessView() {
  const core = useCore()
  const { registered } = useSnapshot(namesState(core).state)
  return (
    <div className="wm-center" ref={withNamesStyles}>
      <p className="wm-registered-name" data-testid="name-registered">
        {registered}
      </p>
      <p className="wm-muted">is your account name now. Others can send to it instead of your address.</p>
      <button type="button" className="wm-button wm-full" part="button" onClick={() => core.router.goBack()} data-testid="name-done">
        Done
      </button>
    </div>
  )
}

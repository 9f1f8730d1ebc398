import { useSnapshot } from 'valtio/react'
import { authEnglish, namesState } from '@wallet-modal/core/internal'
import { useCore } from '../hooks/CoreContext.js'
import { useEnglishT } from '../hooks/useEnglishT.js'
import { withNamesStyles } from './namesStyles.js'

/** Stands for the name in its sentence, which is cut there: the name is shown large, on its own line. */
const NAME_MARK = '\uE000'

/** RegisterAccountNameSuccess (spec §2): the name is the account's; Done goes back to Account (the flow replaced the form with this view), which shows it. */
export function RegisterAccountNameSuccessView() {
  const core = useCore()
  const t = useEnglishT(core, authEnglish)
  const { registered } = useSnapshot(namesState(core).state)
  // One sentence for translators ('{name} is your account name now…'), shown around the name.
  const [before = '', after = ''] = t('names.registered', { name: NAME_MARK })
    .split(NAME_MARK)
    .map(part => part.trim())
  return (
    <div className="wm-center" ref={withNamesStyles}>
      {before ? <p className="wm-muted">{before}</p> : null}
      <p className="wm-registered-name" data-testid="name-registered">
        {registered}
      </p>
      {after ? <p className="wm-muted">{after}</p> : null}
      <button type="button" className="wm-button wm-full" part="button" onClick={() => core.router.goBack()} data-testid="name-done">
        {t('names.done')}
      </button>
    </div>
  )
}

import { useSnapshot } from 'valtio/react'
import { authName, embeddedState } from '@wallet-modal/core/internal'
import { useCore } from '../hooks/CoreContext.js'
import { useT } from '../hooks/useT.js'

/** Account's lines for the e-mail wallet: the auth name (spec §5), and "Smart account" when the account is one. */
export function EmbeddedAccountName() {
  const core = useCore()
  const t = useT(core)
  const { authEmail, userName, provider } = useSnapshot(embeddedState(core).state)
  const chain = useSnapshot(core.chain.state)
  const smart = chain.namespaces[chain.activeNamespace].account.accountType === 'smartAccount'
  const name = authName({ email: authEmail, userName, provider })
  return (
    <>
      {name ? (
        <p className="wm-auth-name" title={authEmail} data-testid="account-auth-name">
          {name}
        </p>
      ) : null}
      {smart ? (
        <p className="wm-auth-name" data-testid="account-type">
          {t('account.smartAccount')}
        </p>
      ) : null}
    </>
  )
}

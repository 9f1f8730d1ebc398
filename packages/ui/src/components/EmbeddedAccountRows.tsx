import { useSnapshot } from 'valtio/react'
import { authName, embeddedState, namespaceSupports } from '@wallet-modal/core/internal'
import { useCore } from '../hooks/CoreContext.js'
import { ChevronIcon, KeyIcon, MailIcon, TagIcon } from './Icons.js'

/** Account's lines for the e-mail wallet: the auth name (spec §5), change of address, key export. */
export function EmbeddedAccountName() {
  const core = useCore()
  const { authEmail, userName, provider } = useSnapshot(embeddedState(core).state)
  const name = authName({ email: authEmail, userName, provider })
  return name ? (
    <p className="wm-auth-name" title={authEmail} data-testid="account-auth-name">
      {name}
    </p>
  ) : null
}

/**
 * The embedded wallet's settings on Account: an account name while it has none (spec §2
 * RegisterAccountName: where the namespace has names and a name service is configured), change
 * of e-mail (e-mail logins only), key export.
 */
export function EmbeddedAccountRows({ named }: { named: boolean }) {
  const core = useCore()
  const { provider } = useSnapshot(embeddedState(core).state)
  const ns = useSnapshot(core.chain.state).activeNamespace
  return (
    <>
      {!named && core.hasServices && namespaceSupports(ns, 'names') ? (
        <li>
          <button type="button" className="wm-list-item" part="button" onClick={() => core.router.push('RegisterAccountName')} data-testid="open-register-name">
            <span className="wm-image wm-image-placeholder" aria-hidden="true">
              <TagIcon />
            </span>
            <span className="wm-name">Choose your account name</span>
            <ChevronIcon />
          </button>
        </li>
      ) : null}
      {provider ? null : (
        <li>
          <button type="button" className="wm-list-item" part="button" onClick={() => core.router.push('UpdateEmailWallet')} data-testid="open-update-email">
            <span className="wm-image wm-image-placeholder" aria-hidden="true">
              <MailIcon />
            </span>
            <span className="wm-name">Change e-mail</span>
            <ChevronIcon />
          </button>
        </li>
      )}
      <li>
        <button type="button" className="wm-list-item" part="button" onClick={() => core.router.push('ExportWallet')} data-testid="open-export">
          <span className="wm-image wm-image-placeholder" aria-hidden="true">
            <KeyIcon />
          </span>
          <span className="wm-name">Export private keys</span>
          <ChevronIcon />
        </button>
      </li>
    </>
  )
}

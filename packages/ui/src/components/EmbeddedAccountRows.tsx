import { useSnapshot } from 'valtio/react'
import { accountTypeSwitch, authEnglish, embeddedState, namespaceSupports, switchAccount } from '@wallet-modal/core/internal'
import { useCore } from '../hooks/CoreContext.js'
import { useEnglishT } from '../hooks/useEnglishT.js'
import { ChevronIcon, KeyIcon, MailIcon, SwapIcon, TagIcon } from './Icons.js'
import { LogOutEverywhereRow } from './LogOutEverywhereRow.js'

/**
 * The embedded wallet's settings on Account: the switch between its smart account and the key's
 * own account (spec §4, where the network has smart accounts), an account name while it has none
 * (spec §2 RegisterAccountName: where the namespace has names and a name service is configured),
 * change of e-mail (e-mail logins only), key export, and logging out on every device.
 */
export function EmbeddedAccountRows({ named }: { named: boolean }) {
  const core = useCore()
  const t = useEnglishT(core, authEnglish)
  const { provider } = useSnapshot(embeddedState(core).state)
  const ns = useSnapshot(core.chain.state).activeNamespace
  // Read from the snapshot so the row follows the account type and the network.
  useSnapshot(core.chain.state.namespaces[ns])
  const target = accountTypeSwitch(core)
  return (
    <>
      {target ? (
        <li>
          <button type="button" className="wm-list-item" part="button" onClick={() => void switchAccount(core, target)} data-testid="switch-account-type">
            <span className="wm-image wm-image-placeholder" aria-hidden="true">
              <SwapIcon />
            </span>
            <span className="wm-name">{target === 'eoa' ? t('embedded.switchToEoa') : t('embedded.switchToSmartAccount')}</span>
            <ChevronIcon />
          </button>
        </li>
      ) : null}
      {!named && core.hasServices && namespaceSupports(ns, 'names') ? (
        <li>
          <button type="button" className="wm-list-item" part="button" onClick={() => core.router.push('RegisterAccountName')} data-testid="open-register-name">
            <span className="wm-image wm-image-placeholder" aria-hidden="true">
              <TagIcon />
            </span>
            <span className="wm-name">{t('embedded.chooseName')}</span>
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
            <span className="wm-name">{t('embedded.changeEmail')}</span>
            <ChevronIcon />
          </button>
        </li>
      )}
      <li>
        <button type="button" className="wm-list-item" part="button" onClick={() => core.router.push('ExportWallet')} data-testid="open-export">
          <span className="wm-image wm-image-placeholder" aria-hidden="true">
            <KeyIcon />
          </span>
          <span className="wm-name">{t('embedded.exportKeys')}</span>
          <ChevronIcon />
        </button>
      </li>
      <LogOutEverywhereRow />
    </>
  )
}

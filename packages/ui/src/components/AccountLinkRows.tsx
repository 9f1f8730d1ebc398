import { useSnapshot } from 'valtio/react'
import { walletsEnglish } from '@wallet-modal/core/internal'
import { useCore } from '../hooks/CoreContext.js'
import { useEnglishT } from '../hooks/useEnglishT.js'
import { ChevronIcon, ExternalIcon, WalletsIcon } from './Icons.js'

/**
 * Account's rows that lead elsewhere: Wallets (ProfileWallets when the project has multi-wallet
 * on, else the alert 'Multi-Wallet Not Enabled') and Block Explorer (the account's page on its
 * network's explorer, in a new tab, when the network names one).
 */
export function AccountLinkRows() {
  const core = useCore()
  const t = useEnglishT(core, walletsEnglish)
  const ns = useSnapshot(core.chain.state).activeNamespace
  const account = useSnapshot(core.chain.state.namespaces[ns].account)
  return (
    <>
      <li>
        <button
          type="button"
          className="wm-list-item"
          part="button"
          onClick={() => (core.options.isEnabled('multiWallet') ? core.router.push('ProfileWallets') : core.alert.show('MULTI_WALLET_NOT_ENABLED'))}
          data-testid="open-profile-wallets"
        >
          <span className="wm-image wm-image-placeholder" aria-hidden="true">
            <WalletsIcon />
          </span>
          <span className="wm-name">{t('accountLinks.wallets')}</span>
          <ChevronIcon />
        </button>
      </li>
      {account.addressExplorerUrl ? (
        <li>
          <a className="wm-list-item" part="button" href={account.addressExplorerUrl} target="_blank" rel="noopener noreferrer" data-testid="account-explorer">
            <span className="wm-image wm-image-placeholder" aria-hidden="true">
              <ExternalIcon />
            </span>
            <span className="wm-name">{t('accountLinks.explorer')}</span>
            <ChevronIcon />
          </a>
        </li>
      ) : null}
    </>
  )
}

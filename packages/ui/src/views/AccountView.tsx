import { useSnapshot } from 'valtio/react'
import { networkImageUrl, shortenAddress, toWalletModalError } from '@wallet-modal/core/internal'
import { useCore } from '../hooks/CoreContext.js'
import { useT } from '../hooks/useT.js'
import { CopyIcon, ChevronIcon, SendIcon, ReceiveIcon, SwapIcon, BuyIcon } from '../components/Icons.js'
import { namespaceSupports, walletFeatureEnabled, walletFeaturesOrder, type ViewId, type WalletFeature } from '@wallet-modal/core/internal'
import type { ReactNode } from 'react'
import { WalletImage } from '../components/WalletImage.js'
import { Avatar } from '../components/Avatar.js'
import { serviceOrigins } from '../hooks/useServiceOrigins.js'
import { isAuthConnectorId, safeImageUrl } from '@wallet-modal/core/internal'
import { EmbeddedAccountName } from '../components/EmbeddedAccountName.js'
import { lazyComponent } from '../lazy/lazyComponent.js'

// The e-mail wallet's settings (names, account type, e-mail, keys): their own chunk, loaded when an
// e-mail account opens Account, not with the dialog.
const EmbeddedAccountRows = lazyComponent(() => import('../components/EmbeddedAccountRows.js').then(m => m.EmbeddedAccountRows))
// The Tokens and Activity tabs with the token list and its fiat formatting: Account's alone, not
// needed to show Connect (Activity's list is a further chunk, loaded when its tab is chosen).
const AccountTabs = lazyComponent(() => import('../components/AccountTabs.js').then(m => m.AccountTabs))
// Wallets (multi-wallet) and Block Explorer: a chunk of their own, so Connect's code stays small.
const AccountLinkRows = lazyComponent(() => import('../components/AccountLinkRows.js').then(m => m.AccountLinkRows))

/** The view, label and icon of each wallet feature button. */
const FEATURE_VIEWS: Partial<
  Record<WalletFeature, { view: ViewId; label: 'account.buy' | 'account.swap' | 'account.receive' | 'account.send'; icon: ReactNode }>
> = {
  onramp: { view: 'OnRampProviders', label: 'account.buy', icon: <BuyIcon /> },
  swaps: { view: 'Swap', label: 'account.swap', icon: <SwapIcon /> },
  receive: { view: 'WalletReceive', label: 'account.receive', icon: <ReceiveIcon /> },
  send: { view: 'WalletSend', label: 'account.send', icon: <SendIcon /> }
}

/** Account: address with copy, balance, the feature buttons, Tokens and Activity tabs, network (opens Networks), Disconnect. */
export function AccountView() {
  const core = useCore()
  const t = useT(core)
  const chain = useSnapshot(core.chain.state)
  const bc = useSnapshot(core.blockchainApi.state)
  const { account, network } = chain.namespaces[chain.activeNamespace]
  const address = account.address ?? ''
  const embedded = isAuthConnectorId(account.connectorId)
  const copyText = async (text: string, done: string) => {
    try {
      await navigator.clipboard.writeText(text)
      core.snack.showSuccess(done)
    } catch {
      core.snack.showError(t('account.copyFailed'))
    }
  }
  const copy = () => copyText(address, t('account.addressCopied'))
  // Bitcoin: the shown address is the payment one; the ordinals account is one click away.
  const ordinal = account.bitcoinAccounts?.find(a => a.type === 'ordinal')?.address
  const supported = core.chain.isNetworkSupported(chain.activeNamespace)
  // The identity service's name and avatar, when it has them for this address (text only; the
  // avatar must be an https:, data: or configured-service URL).
  const identity = bc.identityFor === address ? bc.identity : undefined
  // The name service's name (registered here, or its reverse lookup) comes before the identity's.
  const profileName = bc.profileNameFor === address ? bc.profileName : undefined
  const identityName = profileName ?? identity?.name ?? undefined
  const identityAvatar = safeImageUrl(identity?.avatar, serviceOrigins(core))
  const options = useSnapshot(core.options.state)
  const features = walletFeaturesOrder(options.features.walletFeaturesOrder, id => walletFeatureEnabled(core, id), chain.activeNamespace).flatMap(f => {
    const button = FEATURE_VIEWS[f]
    return button ? [{ id: f, ...button }] : []
  })
  // Activity reads the history service, which covers eip155 only (spec §9); remote config may turn it off.
  const activity = core.hasServices && namespaceSupports(chain.activeNamespace, 'activity') && options.features.activity !== false
  const balanceText =
    account.balanceLoading && !account.balance
      ? t('account.loadingBalance')
      : account.balance !== undefined
        ? `${core.i18n.format.amount(account.balance)} ${account.balanceSymbol ?? ''}`.trim()
        : account.balanceError
          ? t('account.balanceUnavailable')
          : ''
  return (
    <div className="wm-center">
      {identityAvatar ? <img className="wm-avatar" src={identityAvatar} alt="" width={64} height={64} /> : <Avatar address={address} />}
      {embedded ? <EmbeddedAccountName /> : null}
      <div className="wm-address-row">
        <span title={address} data-testid="account-address">
          {identityName ?? shortenAddress(address)}
        </span>
        <button type="button" className="wm-icon-button" aria-label={t('account.copyAddress')} onClick={copy}>
          <CopyIcon />
        </button>
      </div>
      {ordinal ? (
        <p className="wm-muted" data-testid="account-ordinal-address">
          {t('account.ordinals')} <span title={ordinal}>{shortenAddress(ordinal)}</span>{' '}
          <button
            type="button"
            className="wm-icon-button"
            aria-label={t('account.copyOrdinals')}
            onClick={() => copyText(ordinal, t('account.ordinalsCopied'))}
          >
            <CopyIcon />
          </button>
        </p>
      ) : null}
      <p className="wm-balance" data-testid="account-balance" aria-live="polite">
        {balanceText}
      </p>
      {identityName ? (
        <p className="wm-muted" data-testid="account-plain-address">
          {shortenAddress(address)}
        </p>
      ) : null}
      {features.length ? (
        <div className="wm-features wm-full" role="group" aria-label={t('account.features')}>
          {features.map(f => (
            <button key={f.id} type="button" className="wm-feature" part="button" onClick={() => core.router.push(f.view)} data-testid={`feature-${f.id}`}>
              {f.icon}
              <span>{t(f.label)}</span>
            </button>
          ))}
        </div>
      ) : null}
      {/* Tokens and Activity (spec §3 currentTab); Bitcoin has no balances (spec §9): addresses only. */}
      <AccountTabs tokens={namespaceSupports(chain.activeNamespace, 'balances')} activity={activity} />
      <ul className="wm-list wm-full">
        <AccountLinkRows />
        {embedded ? <EmbeddedAccountRows named={!!profileName} /> : null}
        <li>
          {/* The site's `enableNetworkSwitch: false`: the network is shown, not a way to change it. */}
          {core.options.state.enableNetworkSwitch ? (
            <button
              type="button"
              className="wm-list-item"
              part="button"
              onClick={() => core.router.push('Networks')}
              aria-label={t(supported ? 'account.network' : 'account.networkUnsupported', {
                network: network.caipNetwork?.name ?? t('account.networkUnknownName')
              })}
              data-testid="account-network"
            >
              <WalletImage name={network.caipNetwork?.name ?? '?'} src={networkImageUrl(core, network.caipNetwork)} allowOrigins={serviceOrigins(core)} />
              <span className="wm-name">{network.caipNetwork?.name ?? t('account.unknownNetwork')}</span>
              {!supported ? <span className="wm-tag">{t('account.unsupported')}</span> : null}
              <ChevronIcon />
            </button>
          ) : (
            <div className="wm-list-item" data-testid="account-network">
              <WalletImage name={network.caipNetwork?.name ?? '?'} src={networkImageUrl(core, network.caipNetwork)} allowOrigins={serviceOrigins(core)} />
              {/* Read as "Network: Devnet", as the button's name says it when switching is on. */}
              <span className="wm-sr-only">{t('account.networkShown', { network: network.caipNetwork?.name ?? t('account.unknownNetwork') })}</span>
              <span className="wm-name" aria-hidden="true">
                {network.caipNetwork?.name ?? t('account.unknownNetwork')}
              </span>
              {!supported ? <span className="wm-tag">{t('account.unsupported')}</span> : null}
            </div>
          )}
        </li>
      </ul>
      <button
        type="button"
        className="wm-button wm-button-danger wm-full"
        part="button"
        onClick={() => core.disconnect().catch(err => core.snack.showError(toWalletModalError(err, 'DISCONNECT_FAILED'), 'DISCONNECT_FAILED'))}
      >
        {t('account.disconnect')}
      </button>
    </div>
  )
}

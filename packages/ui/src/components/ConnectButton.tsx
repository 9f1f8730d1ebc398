import { useSnapshot } from 'valtio/react'
import { shortenAddress, type Core } from '@wallet-modal/core/internal'
import { themeClass, themeStyle } from './themeProps.js'
import { prefetchWalletModal } from '../lazy/loadWalletModal.js'
import { useT } from '../hooks/useT.js'

/** Props of {@link ConnectButton}. */
export interface ConnectButtonProps {
  core: Core
  /** Text when disconnected (default: the catalogue's 'Connect Wallet' in the active locale). */
  label?: string
  /** Text while connecting (default: the catalogue's 'Connecting...'). */
  loadingLabel?: string
  theme?: string
}

/**
 * The button a site shows: 'Connect Wallet'; 'Connecting...' while a wallet is being connected;
 * while a reload restores a stored connection, that account (busy); once connected, the balance, the shortened address and the count of transactions sent from
 * the modal and not yet mined. Clicking opens the modal.
 */
export function ConnectButton({ core, label, loadingLabel, theme }: ConnectButtonProps) {
  const chain = useSnapshot(core.chain.state)
  const connection = useSnapshot(core.connection.state)
  const themeState = useSnapshot(core.theme.state)
  const t = useT(core)
  const i18n = useSnapshot(core.i18n.state)
  // The account's registered name, once looked up, reads better than its address.
  const bc = useSnapshot(core.blockchainApi.state)
  const { account } = chain.namespaces[chain.activeNamespace]
  const connected = account.status === 'connected' && !!account.address
  // A reload restoring a stored account shows that account (busy) rather than 'Connecting...'.
  const restoring = account.status === 'reconnecting' && !!account.address
  const connecting = !connected && (account.status !== 'disconnected' || !!connection.connectingId)
  let content
  if (connected || restoring) {
    content = (
      <>
        {account.balance !== undefined ? (
          <span className="wm-balance-inline" data-testid="button-balance">
            {core.i18n.format.amount(account.balance)} {account.balanceSymbol}
          </span>
        ) : null}
        <span data-testid="button-address">{(bc.profileNameFor === account.address && bc.profileName) || shortenAddress(account.address!)}</span>
        {account.pendingTransactions ? (
          <span className="wm-pending" data-testid="button-pending">
            {t('button.pending', { count: account.pendingTransactions })}
          </span>
        ) : null}
      </>
    )
  } else if (connecting) {
    content = loadingLabel || t('button.connecting')
  } else {
    content = label || t('button.connect')
  }
  return (
    <span className={`wm-root ${themeClass(theme, themeState.themeMode)}`} style={themeStyle(themeState.themeVariables)} lang={i18n.locale} dir={i18n.dir}>
      <button
        type="button"
        className="wm-connect-button"
        part="button"
        data-connected={connected ? 'true' : 'false'}
        aria-busy={connecting ? 'true' : undefined}
        aria-label={connected || restoring ? t('button.account', { address: account.address! }) : undefined}
        onClick={() => core.open()}
        onPointerEnter={prefetchWalletModal}
        onFocus={prefetchWalletModal}
      >
        {content}
      </button>
    </span>
  )
}

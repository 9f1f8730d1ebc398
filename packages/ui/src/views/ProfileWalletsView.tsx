import { useEffect, useState } from 'react'
import { useSnapshot } from 'valtio/react'
import {
  connectionBalance,
  disconnectConnection,
  multiWalletState,
  namespaceLabel,
  shortenAddress,
  switchConnection,
  toWalletModalError,
  walletsEnglish,
  WIRED_NAMESPACES,
  type StoredConnection,
  type WiredNamespace
} from '@wallet-modal/core/internal'
import { useCore } from '../hooks/CoreContext.js'
import { useEnglishT } from '../hooks/useEnglishT.js'
import { WalletImage } from '../components/WalletImage.js'
import { serviceOrigins } from '../hooks/useServiceOrigins.js'

/**
 * ProfileWallets (spec §2, multi-wallet): every stored connection grouped by chain family, each
 * with its wallet's icon and name, account and balance; the active one marked. A wallet kept
 * connected becomes the active one without a prompt; one disconnected logs in again; each can be
 * disconnected on its own. "Add wallet" connects another.
 */
export function ProfileWalletsView() {
  const core = useCore()
  const t = useEnglishT(core, walletsEnglish)
  const { connections } = useSnapshot(multiWalletState(core))
  const [busy, setBusy] = useState<string>()
  const families = WIRED_NAMESPACES.filter(ns => connections[ns].length > 0)
  const act = (key: string, work: () => Promise<void>) => {
    setBusy(key)
    work()
      .catch(err => core.snack.showError(toWalletModalError(err, 'CONNECT_FAILED'), 'CONNECT_FAILED'))
      .finally(() => setBusy(undefined))
  }
  return (
    <div className="wm-stack">
      {families.map(ns => (
        <section key={ns} aria-label={t('profileWallets.familyLabel', { family: namespaceLabel(ns) })}>
          <h3 className="wm-muted wm-section">{namespaceLabel(ns)}</h3>
          <ul className="wm-list wm-full">
            {connections[ns].map(c => (
              <ConnectionRow
                key={c.connectorId}
                ns={ns}
                connection={c}
                busy={busy}
                onSwitch={() => act(`switch:${c.connectorId}`, () => switchConnection(core, ns, c.connectorId))}
                onDisconnect={() => act(`disconnect:${c.connectorId}`, () => disconnectConnection(core, ns, c.connectorId))}
              />
            ))}
          </ul>
        </section>
      ))}
      <button type="button" className="wm-button wm-full" part="button" onClick={() => core.router.push('Connect')} data-testid="add-wallet">
        {t('profileWallets.addWallet')}
      </button>
    </div>
  )
}

function ConnectionRow(props: { ns: WiredNamespace; connection: StoredConnection; busy?: string; onSwitch: () => void; onDisconnect: () => void }) {
  const core = useCore()
  const t = useEnglishT(core, walletsEnglish)
  const { ns, connection: c, busy } = props
  const account = useSnapshot(core.chain.state.namespaces[ns].account)
  const active = c.status === 'active'
  const address = c.caipAddress.split(':')[2] ?? ''
  const [balance, setBalance] = useState<string>()
  // The active wallet's balance is the account's; a kept one's is read once for this row.
  useEffect(() => {
    if (active) return
    let live = true
    void connectionBalance(core, ns, address).then(b => live && setBalance(b))
    return () => void (live = false)
  }, [core, ns, address, active])
  const shown = active ? (account.balance !== undefined ? `${account.balance} ${account.balanceSymbol ?? ''}`.trim() : undefined) : balance
  return (
    <li className="wm-connection" aria-current={active ? 'true' : undefined} data-testid="profile-wallet" data-connector={c.connectorId} data-status={c.status}>
      <div className="wm-list-item">
        <WalletImage name={c.name} src={c.imageUrl} allowOrigins={serviceOrigins(core)} />
        <span className="wm-name">
          {c.name}
          <span className="wm-muted" title={address}>
            {' '}
            {shortenAddress(address)}
            {shown ? ` · ${shown}` : ''}
          </span>
        </span>
        {active ? (
          <span className="wm-tag wm-tag-accent">{t('profileWallets.active')}</span>
        ) : c.status === 'disconnected' ? (
          <span className="wm-tag">{t('profileWallets.disconnected')}</span>
        ) : null}
      </div>
      <div className="wm-row">
        {active ? null : (
          <button
            type="button"
            className="wm-button wm-button-secondary"
            part="button"
            disabled={busy !== undefined}
            onClick={props.onSwitch}
            aria-label={t('profileWallets.useLabel', { wallet: c.name })}
          >
            {busy === `switch:${c.connectorId}`
              ? t('profileWallets.switching')
              : c.status === 'disconnected'
                ? t('profileWallets.connect')
                : t('profileWallets.use')}
          </button>
        )}
        <button
          type="button"
          className="wm-button wm-button-secondary"
          part="button"
          disabled={busy !== undefined}
          onClick={props.onDisconnect}
          aria-label={t('profileWallets.disconnectLabel', { wallet: c.name })}
        >
          {busy === `disconnect:${c.connectorId}` ? t('profileWallets.disconnecting') : t('profileWallets.disconnect')}
        </button>
      </div>
    </li>
  )
}

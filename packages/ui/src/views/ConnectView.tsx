import { Fragment, useEffect, useState } from 'react'
import { useSnapshot } from 'valtio/react'
import {
  chooseConnector,
  connectMethodsOrder,
  connectRows,
  namespaceLabel,
  fetchFeaturedAndRecommended,
  warmConnectors,
  hasLegalConsent,
  legalLinks,
  setLegalConsent,
  type Connector
} from '@wallet-modal/core/internal'
import { useCore } from '../hooks/CoreContext.js'
import { useT } from '../hooks/useT.js'
import { WALLET_CONNECT_ICON } from '../components/walletConnectIcon.js'
import { ListItem } from '../components/ListItem.js'
import { DirectoryWalletItem } from '../components/DirectoryWalletItem.js'
import { EmailField } from '../components/EmailField.js'
import { SocialLogins } from '../components/SocialLogins.js'
import { ConnectGateContext } from '../components/ConnectGate.js'
import { lazyComponent } from '../lazy/lazyComponent.js'

// Its own chunk (with its words and styles): only sites with `legalCheckbox` load it.
const LegalCheckbox = lazyComponent(() => import('../components/LegalCheckbox.js').then(m => m.LegalCheckbox))
const LEGAL_HINT_ID = 'wm-legal-hint'

/**
 * Connect: the connect methods in spec §2's order (wallets, e-mail, social; the wallets behind one
 * "Continue with a wallet" row when `collapseWallets` is on): the groups of wallets in the
 * connector type order (WalletConnect, recent, installed, featured, external, recommended), then
 * 'All Wallets' with the directory's count; the e-mail entry when e-mail login is on. With
 * `features.legalCheckbox` (and a terms or privacy page the site gives) a checkbox comes first,
 * and every way to connect below it is locked (`aria-disabled`, inert, saying why) until it is
 * checked; the choice is kept in the modal's storage for the same pages.
 */
export function ConnectView() {
  const core = useCore()
  const t = useT(core)
  useSnapshot(core.connector.state)
  const { wcProblem } = useSnapshot(core.connection.state)
  const api = useSnapshot(core.api.state)
  const features = useSnapshot(core.options.state.features)
  const routed = useSnapshot(core.router.state).data
  // From SwitchActiveChain: only wallets of the target network's family.
  const only = routed?.network?.chainNamespace
  // Behind "Continue with a wallet" (collapseWallets): the wallets alone.
  const walletsOnly = !!routed?.walletsOnly
  const rows = connectRows(core, only)
  // Read through the snapshot so Connect re-renders when the project's configuration (which
  // names the secure site and the socials) arrives after the view: valtio re-renders on
  // properties read here.
  const remote = [features.email, features.socials, features.secureSite, features.connectMethodsOrder]
  // Reached from SwitchActiveChain (wallets of one family): wallets only.
  const methods = only || walletsOnly || !remote.some(Boolean) ? ['wallet'] : connectMethodsOrder(core, rows)
  // Spec §3 collapseWallets: the wallets behind one row, when other ways to connect are offered.
  const collapsed = !only && !walletsOnly && features.collapseWallets === true && methods.length > 1
  // There is always a directory: the site's, else the public registry.
  const showAll = features.allWallets !== false
  // Spec §9 legalCheckbox. Read on every render (the feature is read through the snapshot above);
  // the visitor's choice is this view's state once made, else what storage remembers.
  void features.legalCheckbox
  const legal = legalLinks(core)
  const [choice, setChoice] = useState<boolean>()
  const agreed = !legal || (choice ?? hasLegalConsent(core, legal))
  const gate = { locked: !agreed, describedBy: LEGAL_HINT_ID }

  useEffect(() => {
    if (core.api.state.recommended.length === 0) void fetchFeaturedAndRecommended(core)
    warmConnectors(core)
  }, [core])

  const connect = (connector: Connector) => chooseConnector(core, connector, only)
  const tagOf = (connector: Connector, recent: boolean) =>
    recent
      ? t('connect.recent')
      : connector.connectors
        ? connector.connectors.map(c => namespaceLabel(c.chain)).join(' · ')
        : connector.type === 'ANNOUNCED' || connector.type === 'INJECTED'
          ? t('connect.installed')
          : connector.type === 'WALLET_CONNECT'
            ? t('connect.qrCode')
            : undefined
  const wallets = (
    <>
      {rows.length === 0 ? (
        <div className="wm-center">
          <p className="wm-muted">{t('connect.noWallet')}</p>
          <p className="wm-muted">{t('connect.installHint')}</p>
        </div>
      ) : (
        <ul className="wm-list" aria-label={t('connect.wallets')}>
          {rows.map(row =>
            row.kind === 'connector' ? (
              <ListItem
                key={row.connector.id}
                name={row.connector.name}
                imageUrl={row.connector.imageUrl ?? (row.connector.type === 'WALLET_CONNECT' ? WALLET_CONNECT_ICON : undefined)}
                tag={tagOf(row.connector, row.recent)}
                tagAccent={!row.recent && row.connector.type !== 'WALLET_CONNECT'}
                onClick={() => connect(row.connector)}
              />
            ) : (
              <DirectoryWalletItem key={row.wallet.id} core={core} wallet={row.wallet} />
            )
          )}
        </ul>
      )}
      {wcProblem || (api.problem && !api.featured.length && !api.recommended.length) ? (
        // What is missing, said plainly: installed wallets above still connect.
        <div role="status" data-testid="connect-unavailable">
          {wcProblem ? <p className="wm-muted">{t('connect.unavailable', { service: 'walletConnect', reason: wcProblem })}</p> : null}
          {api.problem && !api.featured.length && !api.recommended.length ? (
            <p className="wm-muted">{t('connect.unavailable', { service: 'walletList', reason: api.problem })}</p>
          ) : null}
        </div>
      ) : null}
      {showAll ? (
        <ul className="wm-list">
          <ListItem
            name={t('connect.allWallets')}
            tag={api.count ? (api.count > 99 ? `${Math.floor(api.count / 10) * 10}+` : String(api.count)) : undefined}
            onClick={() => core.router.push('AllWallets')}
          />
        </ul>
      ) : null}
    </>
  )
  return (
    <>
      {legal ? (
        <LegalCheckbox
          links={legal}
          agreed={agreed}
          hintId={LEGAL_HINT_ID}
          onChange={value => {
            setLegalConsent(core, legal, value)
            setChoice(value)
          }}
        />
      ) : null}
      <ConnectGateContext.Provider value={gate}>
        {methods.map((m, i) => (
          <Fragment key={m}>
            {i > 0 ? <p className="wm-divider">{t('connect.or')}</p> : null}
            {m === 'email' ? (
              <EmailField />
            ) : m === 'social' ? (
              <SocialLogins />
            ) : collapsed ? (
              <ul className="wm-list">
                <ListItem
                  name={t('connect.continueWithWallet')}
                  imageUrl={WALLET_CONNECT_ICON}
                  onClick={() => core.router.push('Connect', { walletsOnly: true })}
                />
              </ul>
            ) : (
              wallets
            )}
          </Fragment>
        ))}
      </ConnectGateContext.Provider>
    </>
  )
}

import { useEffect } from 'react'
import { useSnapshot } from 'valtio/react'
import { chooseConnector, connectorTypeOrder, namespaceLabel, fetchFeaturedAndRecommended, installedConnectorFor, isMobile, type Connector, type ConnectorGroup, type Core, type Wallet, type WiredNamespace } from '@wallet-modal/core/internal'
import { useCore } from '../hooks/CoreContext.js'
import { WALLET_CONNECT_ICON } from '../components/walletConnectIcon.js'
import { ListItem } from '../components/ListItem.js'
import { DirectoryWalletItem } from '../components/DirectoryWalletItem.js'

/** Orders connectors: recent wallets first (most recent first), then the rest in discovery order. */
export function orderConnectors(connectors: readonly Connector[], recentIds: readonly string[]): { connector: Connector; recent: boolean }[] {
  const recent = recentIds.map(id => connectors.find(c => c.id === id)).filter((c): c is Connector => !!c)
  const rest = connectors.filter(c => !recentIds.includes(c.id))
  return [...recent.map(connector => ({ connector, recent: true })), ...rest.map(connector => ({ connector, recent: false }))]
}

/** Installed in this browser: injected or announced, or a multi-chain entry made only of those. */
const isInstalled = (c: Connector): boolean =>
  c.type === 'INJECTED' || c.type === 'ANNOUNCED' || (c.type === 'MULTI_CHAIN' && !!c.connectors?.every(m => m.type === 'INJECTED' || m.type === 'ANNOUNCED'))

/** One row of Connect: a connector or a directory wallet, tagged by its group. */
type Row = { kind: 'connector'; connector: Connector; recent: boolean } | { kind: 'wallet'; wallet: Wallet }

/**
 * Connect's rows, group by group in the connector type order (spec §2: walletConnect, recent,
 * injected, featured, custom, external, recommended, with the site's order first). Each
 * connector shows once: a recent wallet is not repeated in its own group.
 */
export function connectRows(core: Core, groups: readonly ConnectorGroup[], visible: readonly Connector[], recentIds: readonly string[], only?: WiredNamespace): Row[] {
  // Directory wallets connect over WalletConnect, which serves EVM sessions: connecting a Solana
  // or Bitcoin wallet for SwitchActiveChain offers the installed ones only.
  const directoryOk = !only || only === 'eip155'
  const shownRdns = new Set(visible.map(c => c.info?.rdns?.toLowerCase()).filter(Boolean))
  // A directory wallet that is installed is already listed with the connectors.
  const notInstalled = (list: readonly Wallet[]) => list.filter(w => (!w.rdns || !shownRdns.has(w.rdns.toLowerCase())) && !installedConnectorFor(core, w))
  const recent = orderConnectors(visible, recentIds).filter(r => r.recent)
  const isRecent = (c: Connector) => recent.some(r => r.connector.id === c.id)
  const rows: Row[] = []
  for (const g of groups) {
    if (g === 'walletConnect') rows.push(...visible.filter(c => c.type === 'WALLET_CONNECT' && !isRecent(c)).map(connector => ({ kind: 'connector' as const, connector, recent: false })))
    if (g === 'recent') rows.push(...recent.map(r => ({ kind: 'connector' as const, ...r })))
    if (g === 'injected') rows.push(...visible.filter(c => isInstalled(c) && !isRecent(c)).map(connector => ({ kind: 'connector' as const, connector, recent: false })))
    if (g === 'external') rows.push(...visible.filter(c => (c.type === 'EXTERNAL' || c.type === 'MULTI_CHAIN') && !isInstalled(c) && !isRecent(c)).map(connector => ({ kind: 'connector' as const, connector, recent: false })))
    if (g === 'featured' && directoryOk) rows.push(...notInstalled(core.api.state.featured).map(wallet => ({ kind: 'wallet' as const, wallet })))
    if (g === 'recommended' && directoryOk) rows.push(...notInstalled(core.api.state.recommended).map(wallet => ({ kind: 'wallet' as const, wallet })))
    // 'custom' (site-defined wallets) has no entries yet: only non-empty groups show.
  }
  return rows
}

/**
 * Connect: the groups of wallets in the connector type order (WalletConnect, recent, installed,
 * featured, external, recommended), then 'All Wallets' with the directory's count.
 */
export function ConnectView() {
  const core = useCore()
  useSnapshot(core.connector.state)
  const { recentWallets } = useSnapshot(core.connection.state)
  const api = useSnapshot(core.api.state)
  const features = useSnapshot(core.options.state.features)
  const opts = core.options.state
  // From SwitchActiveChain: only wallets of the target network's family.
  const only = useSnapshot(core.router.state).data?.network?.chainNamespace
  const visible = core.connector.visible(opts.excludedWallets, { mobile: isMobile(), injectedInstalled: !!core.connector.get('injected') }, only)
  const rows = connectRows(core, connectorTypeOrder(features.connectorTypeOrder), visible, recentWallets.map(w => w.id), only)
  const showAll = core.hasServices && features.allWallets !== false

  useEffect(() => {
    if (core.hasServices && core.api.state.recommended.length === 0) void fetchFeaturedAndRecommended(core)
  }, [core])

  const connect = (connector: Connector) => chooseConnector(core, connector, only)
  const tagOf = (connector: Connector, recent: boolean) =>
    recent
      ? 'Recent'
      : connector.connectors
        ? connector.connectors.map(c => namespaceLabel(c.chain)).join(' · ')
        : connector.type === 'ANNOUNCED' || connector.type === 'INJECTED'
          ? 'Installed'
          : connector.type === 'WALLET_CONNECT'
            ? 'QR code'
            : undefined
  return (
    <>
      {rows.length === 0 ? (
        <div className="wm-center">
          <p className="wm-muted">No wallet found in this browser.</p>
          <p className="wm-muted">Install a wallet extension, then reload the page.</p>
        </div>
      ) : (
        <ul className="wm-list" aria-label="Wallets">
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
      {showAll ? (
        <ul className="wm-list">
          <ListItem name="All Wallets" tag={api.count ? (api.count > 99 ? `${Math.floor(api.count / 10) * 10}+` : String(api.count)) : undefined} onClick={() => core.router.push('AllWallets')} />
        </ul>
      ) : null}
    </>
  )
}

import { useEffect } from 'react'
import { useSnapshot } from 'valtio/react'
import { connectExternal, fetchFeaturedAndRecommended, installedConnectorFor, isMobile, type Connector } from '@wallet-modal/core'
import { useCore } from '../hooks/CoreContext.js'
import { ListItem } from '../components/ListItem.js'
import { DirectoryWalletItem } from '../components/DirectoryWalletItem.js'

/** Orders connectors: recent wallets first (most recent first), then the rest in discovery order. */
export function orderConnectors(connectors: readonly Connector[], recentIds: readonly string[]): { connector: Connector; recent: boolean }[] {
  const recent = recentIds.map(id => connectors.find(c => c.id === id)).filter((c): c is Connector => !!c)
  const rest = connectors.filter(c => !recentIds.includes(c.id))
  return [...recent.map(connector => ({ connector, recent: true })), ...rest.map(connector => ({ connector, recent: false }))]
}

/**
 * Connect: the wallets found in this browser (recent first), then the directory's featured and
 * recommended wallets, then 'All Wallets' with the directory's count.
 */
export function ConnectView() {
  const core = useCore()
  useSnapshot(core.connector.state)
  const { recentWallets } = useSnapshot(core.connection.state)
  const api = useSnapshot(core.api.state)
  const features = useSnapshot(core.options.state.features)
  const opts = core.options.state
  const visible = core.connector.visible(opts.excludedWallets, { mobile: isMobile(), injectedInstalled: !!core.connector.get('injected') })
  const items = orderConnectors(visible, recentWallets.map(w => w.id))
  const shownRdns = new Set(visible.map(c => c.info?.rdns?.toLowerCase()).filter(Boolean))
  // A directory wallet that is installed is already listed above.
  const directory = [...core.api.state.featured, ...core.api.state.recommended].filter(w => !w.rdns || !shownRdns.has(w.rdns.toLowerCase()))
  const showAll = core.hasServices && features.allWallets !== false

  useEffect(() => {
    if (core.hasServices && core.api.state.recommended.length === 0) void fetchFeaturedAndRecommended(core)
  }, [core])

  const connect = (id: string) => {
    // Errors are shown by ConnectingExternal from connection state; nothing to catch here.
    connectExternal(core, id).catch(() => {})
  }
  return (
    <>
      {items.length === 0 && directory.length === 0 ? (
        <div className="wm-center">
          <p className="wm-muted">No wallet found in this browser.</p>
          <p className="wm-muted">Install a wallet extension, then reload the page.</p>
        </div>
      ) : (
        <ul className="wm-list" aria-label="Wallets">
          {items.map(({ connector, recent }) => (
            <ListItem
              key={connector.id}
              name={connector.name}
              imageUrl={connector.imageUrl}
              tag={recent ? 'Recent' : connector.type === 'ANNOUNCED' || connector.type === 'INJECTED' ? 'Installed' : undefined}
              tagAccent={!recent}
              onClick={() => connect(connector.id)}
            />
          ))}
          {directory
            .filter(w => !installedConnectorFor(core, w))
            .map(w => (
              <DirectoryWalletItem key={w.id} core={core} wallet={w} />
            ))}
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

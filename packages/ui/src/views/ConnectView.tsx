import { useSnapshot } from 'valtio/react'
import { connectExternal, isMobile, type Connector } from '@wallet-modal/core'
import { useCore } from '../hooks/CoreContext.js'
import { ListItem } from '../components/ListItem.js'

/** Orders connectors: recent wallets first (most recent first), then the rest in discovery order. */
export function orderConnectors(connectors: readonly Connector[], recentIds: readonly string[]): { connector: Connector; recent: boolean }[] {
  const recent = recentIds.map(id => connectors.find(c => c.id === id)).filter((c): c is Connector => !!c)
  const rest = connectors.filter(c => !recentIds.includes(c.id))
  return [...recent.map(connector => ({ connector, recent: true })), ...rest.map(connector => ({ connector, recent: false }))]
}

/** Connect: every wallet found on this page, recent ones first. */
export function ConnectView() {
  const core = useCore()
  useSnapshot(core.connector.state)
  const { recentWallets } = useSnapshot(core.connection.state)
  const opts = core.options.state
  const visible = core.connector.visible(opts.excludedWallets, { mobile: isMobile(), injectedInstalled: !!core.connector.get('injected') })
  const items = orderConnectors(visible, recentWallets.map(w => w.id))
  const connect = (id: string) => {
    // Errors are shown by ConnectingExternal from connection state; nothing to catch here.
    connectExternal(core, id).catch(() => {})
  }
  if (items.length === 0) {
    return (
      <div className="wm-center">
        <p className="wm-muted">No wallet found in this browser.</p>
        <p className="wm-muted">Install a wallet extension, then reload the page.</p>
      </div>
    )
  }
  return (
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
    </ul>
  )
}

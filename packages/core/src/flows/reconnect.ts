import type { Core } from '../createCore.js'
import { STORAGE_KEYS, is } from '../utils/storage.js'
import type { Connector } from '../types/connector.js'
import { applyConnectedAccount, evmNetworkFor, guardUnsupportedNetwork } from './accountState.js'
import { followEip155Wallet } from './walletListeners.js'
import { WALLET_CONNECT_CONNECTOR_ID } from '../adapters/walletconnect/constants.js'

/** How long to wait for the remembered wallet to announce itself on page load. */
export const RECONNECT_WAIT_MS = 3000

function waitForConnector(core: Core, id: string, ms: number): Promise<Connector | undefined> {
  const found = core.connector.get(id)
  if (found) return Promise.resolve(found)
  return new Promise(resolve => {
    const timer = setTimeout(() => (off(), resolve(core.connector.get(id))), ms)
    const off = core.runtime.onConnectorAdded(c => {
      if (c.id !== id) return
      clearTimeout(timer)
      off()
      resolve(core.connector.get(id))
    })
  })
}

/**
 * Restores the last connection from storage without prompting (spec §4: unless the site disabled
 * reconnect, in which case status is disconnected at start). A wallet that no longer knows the
 * site, or never shows up, leaves the modal disconnected and storage cleaned.
 */
export async function reconnect(core: Core): Promise<boolean> {
  const ns = 'eip155' as const
  const id = core.storage.get(STORAGE_KEYS.connectedConnectorId(ns), is.string)
  const status = core.storage.get(STORAGE_KEYS.connectionStatus, is.oneOf('connected'))
  if (!core.options.state.enableReconnect || !id || status !== 'connected') return false
  core.chain.setAccount(ns, { status: 'connecting' })
  let connector: Connector | undefined
  let result: { address: string; chainId: number } | undefined
  if (id === WALLET_CONNECT_CONNECTOR_ID) {
    // A remote wallet: the session kept in storage is the permission; nothing to wait for.
    const restored = await import('./walletConnect.js')
      .then(m => m.restoreWalletConnect(core))
      .catch(err => void console.warn('[wallet-modal] WalletConnect session not restored', err))
    connector = restored?.connector ?? core.connector.get(id)
    result = restored
  } else {
    connector = await waitForConnector(core, id, RECONNECT_WAIT_MS)
    result = connector ? await core.adapters.eip155.reconnect(connector) : undefined
  }
  // The user may have connected by hand meanwhile; do not overwrite that.
  if (core.chain.state.namespaces[ns].account.status !== 'connecting') return false
  if (!connector || !result) {
    core.chain.resetAccount(ns)
    core.storage.remove(STORAGE_KEYS.connectedConnectorId(ns))
    core.storage.remove(STORAGE_KEYS.connectionStatus)
    return false
  }
  applyConnectedAccount(core, ns, connector, result.address, evmNetworkFor(core, result.chainId))
  followEip155Wallet(core, connector)
  core.events.emit({ type: 'CONNECT_SUCCESS', data: { connectorId: connector.id, address: result.address, caipNetworkId: evmNetworkFor(core, result.chainId).caipNetworkId, namespace: ns } })
  guardUnsupportedNetwork(core, ns)
  return true
}

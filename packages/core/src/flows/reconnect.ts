import type { Core } from '../createCore.js'
import { STORAGE_KEYS, is } from '../utils/storage.js'
import type { Connector } from '../types/connector.js'
import { WIRED_NAMESPACES } from '../types/network.js'
import { applyConnectedAccount, evmNetworkFor, guardUnsupportedNetwork } from './accountState.js'
import { followEip155Wallet } from './walletListeners.js'
import { WALLET_CONNECT_CONNECTOR_ID } from '../adapters/walletconnect/constants.js'

/** How long to wait for the remembered wallet to announce itself on page load. */
export const RECONNECT_WAIT_MS = 3000

/** The connector with this id, waiting up to `ms` for its wallet to show up (late injection). */
export function waitForConnector(core: Core, id: string, ms: number): Promise<Connector | undefined> {
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
 * Restores the last connections from storage without prompting (spec §4: unless the site disabled
 * reconnect, in which case status is disconnected at start): every stored namespace (eip155,
 * solana, bip122), the active one last so it stays active. A wallet that no longer knows the site,
 * or never shows up, leaves that namespace disconnected and its storage cleaned.
 * @returns whether any namespace was restored
 */
export async function reconnect(core: Core): Promise<boolean> {
  const status = core.storage.get(STORAGE_KEYS.connectionStatus, is.oneOf('connected'))
  if (!core.options.state.enableReconnect || status !== 'connected') return false
  const stored = core.storage.get(STORAGE_KEYS.connectedNamespaces, (v): v is string[] => Array.isArray(v) && v.every(x => typeof x === 'string')) ?? ['eip155']
  const active = core.storage.get(STORAGE_KEYS.activeNamespace, is.string)
  const namespaces = WIRED_NAMESPACES.filter(ns => stored.includes(ns)).sort((a, b) => Number(a === active) - Number(b === active))
  const results = await Promise.all(
    namespaces.map(ns => {
      const id = core.storage.get(STORAGE_KEYS.connectedConnectorId(ns), is.string)
      if (!id) return false
      if (ns === 'eip155') return reconnectEip155(core, id)
      core.chain.setAccount(ns, { status: 'connecting' })
      return import('./namespaces.js')
        .then(m => m.reconnectNamespace(core, ns, id))
        .catch(err => (console.warn(`[wallet-modal] ${ns} reconnect failed`, err), false))
        .then(ok => {
          if (!ok && core.chain.state.namespaces[ns].account.status === 'connecting') core.chain.resetAccount(ns)
          return ok
        })
    })
  )
  // The stored active namespace wins over the order the wallets answered in.
  const activeNs = WIRED_NAMESPACES.find(ns => ns === active)
  if (activeNs && core.chain.state.namespaces[activeNs].account.status === 'connected') core.chain.setActiveNamespace(activeNs)
  if (!results.some(Boolean)) core.storage.remove(STORAGE_KEYS.connectionStatus)
  return results.some(Boolean)
}

async function reconnectEip155(core: Core, id: string): Promise<boolean> {
  const ns = 'eip155' as const
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
    return false
  }
  applyConnectedAccount(core, ns, connector, result.address, evmNetworkFor(core, result.chainId))
  followEip155Wallet(core, connector)
  core.events.emit({ type: 'CONNECT_SUCCESS', data: { connectorId: connector.id, address: result.address, caipNetworkId: evmNetworkFor(core, result.chainId).caipNetworkId, namespace: ns } })
  guardUnsupportedNetwork(core, ns)
  return true
}

import type { Core } from '../core/Core.js'
import type { AdapterConnection, ChainAdapter } from '../adapters/ChainAdapter.js'
import { STORAGE_KEYS, is } from '../utils/storage.js'
import type { Connector } from '../types/connector.js'
import { WIRED_NAMESPACES, type WiredNamespace } from '../types/network.js'
import { applyConnectedAccount, guardUnsupportedNetwork } from './accountState.js'
import { followWallet } from './walletListeners.js'
import { discoveredAdapter } from './adapters.js'
import { WALLET_CONNECT_CONNECTOR_ID } from '../adapters/walletconnect/connectorId.js'
import { isAuthConnectorId } from '../adapters/embedded/constants.js'
import { currentConnectorId } from '../adapters/connectorIds.js'
import { wasDisconnected } from './disconnectedConnectors.js'
import { EMBEDDED_WALLET } from '../core/featureKeys.js'

/** How long to wait for the remembered wallet to announce itself on page load. */
export const RECONNECT_WAIT_MS = 3000

/**
 * The connector with this id, waiting up to `ms` for its wallet to show up (late injection). A
 * core destroyed meanwhile ends the wait at once (with what is known then).
 */
export function waitForConnector(core: Core, id: string, ms: number): Promise<Connector | undefined> {
  const found = core.connector.get(id)
  if (found) return Promise.resolve(found)
  return new Promise(resolve => {
    const cancel = core.runtime.lifetime.setTimeout(() => (off(), resolve(core.connector.get(id))), ms, { runAtEnd: true })
    const off = core.runtime.onConnectorAdded(c => {
      if (c.id !== id) return
      cancel()
      off()
      resolve(core.connector.get(id))
    })
  })
}

/**
 * Restores the last connections from storage without prompting (spec §4: unless the site disabled
 * reconnect, in which case status is disconnected at start): every stored namespace, the active
 * one last so it stays active. A wallet that no longer knows the site, or never shows up, leaves
 * that namespace disconnected and its storage cleaned.
 * @returns whether any namespace was restored
 */
export async function reconnect(core: Core): Promise<boolean> {
  try {
    return await restoreAll(core)
  } finally {
    // Every attempt has ended: an account the start-up showed as restoring and that was not
    // restored (storage changed meanwhile, the flow failed) goes back to disconnected.
    for (const ns of WIRED_NAMESPACES) if (core.chain.state.namespaces[ns].account.status === 'reconnecting') core.chain.resetAccount(ns)
  }
}

async function restoreAll(core: Core): Promise<boolean> {
  const status = core.storage.get(STORAGE_KEYS.connectionStatus, is.oneOf('connected'))
  if (!core.options.state.enableReconnect || status !== 'connected') return false
  const stored = core.storage.get(STORAGE_KEYS.connectedNamespaces, (v): v is string[] => Array.isArray(v) && v.every(x => typeof x === 'string'))
  const active = core.storage.get(STORAGE_KEYS.activeNamespace, is.string)
  // Stored before the list of namespaces was kept: every namespace that has a connector stored.
  const namespaces = WIRED_NAMESPACES.filter(ns =>
    stored ? stored.includes(ns) : core.storage.get(STORAGE_KEYS.connectedConnectorId(ns), is.string) !== undefined
  ).sort((a, b) => Number(a === active) - Number(b === active))
  const results = await Promise.all(
    namespaces.map(ns => {
      const id = core.storage.get(STORAGE_KEYS.connectedConnectorId(ns), is.string)
      // Disconnected since it was stored (in another tab, say): it waits for a click.
      if (!id || wasDisconnected(core, id)) return false
      core.chain.setAccount(ns, { status: 'reconnecting' })
      return reconnectNamespace(core, ns, id)
        .catch(err => (console.warn(`[wallet-modal] ${ns} reconnect failed`, err), false))
        .then(ok => {
          if (!ok && core.chain.state.namespaces[ns].account.status === 'reconnecting') core.chain.resetAccount(ns)
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

/** What restoring one stored connection found: the wallet's adapter, connector and account. */
export interface Restored {
  adapter: ChainAdapter
  connector: Connector
  connection: AdapterConnection
}

/**
 * Asks a remembered wallet for its account without a prompt (its stored permission, session or
 * login): a reload's restore, and multi-wallet's switch to a connected wallet.
 *
 * @param core - The modal's core.
 * @param ns - The namespace.
 * @param id - The connector's id.
 * @returns What it found, or undefined when the wallet no longer answers for the site.
 */
export async function restore(core: Core, ns: WiredNamespace, id: string): Promise<Restored | undefined> {
  if (id === WALLET_CONNECT_CONNECTOR_ID) {
    // A remote wallet: the session kept in storage is the permission; nothing to wait for.
    return import('./walletConnect.js')
      .then(m => m.restoreWalletConnect(core))
      .catch(err => void console.warn('[wallet-modal] WalletConnect session not restored', err))
  }
  if (isAuthConnectorId(id)) {
    // The embedded wallet: its secure frame (a chunk of its own) says whether its session lives.
    return import('./embedded.js').then(m => m.restoreEmbedded(core, ns)).catch(err => void console.warn('[wallet-modal] e-mail wallet not restored', err))
  }
  const adapter = await discoveredAdapter(core, ns)
  // Wallets register themselves when their script has run (some only after fetching their
  // configuration): the remembered one gets a grace period.
  // An id stored under a wallet's rdns before the wallet got spec §3's id is found under the new one.
  const connector = await waitForConnector(core, currentConnectorId(id), RECONNECT_WAIT_MS)
  const connection = connector ? await adapter.reconnect(connector, core.options.networksOf(ns)) : undefined
  return connector && connection ? { adapter, connector, connection } : undefined
}

/** Restores one namespace's stored connection (reload). */
async function reconnectNamespace(core: Core, ns: WiredNamespace, id: string): Promise<boolean> {
  const restored = await restore(core, ns, id)
  // The user may have connected by hand meanwhile; do not overwrite that.
  if (core.chain.state.namespaces[ns].account.status !== 'reconnecting') return false
  if (!restored) {
    core.chain.resetAccount(ns)
    core.storage.remove(STORAGE_KEYS.connectedConnectorId(ns))
    core.storage.remove(STORAGE_KEYS.connectedAddress(ns))
    return false
  }
  const { adapter, connector, connection } = restored
  applyConnectedAccount(core, ns, connector, connection)
  followWallet(core, adapter, connector)
  // The embedded wallet's account type (smart account or the key's own) and deployment.
  if (isAuthConnectorId(connector.id)) {
    void Promise.all([import('./accountType.js'), core.runtime.slots.get(EMBEDDED_WALLET)])
      .then(([m, wallet]) => wallet && m.syncEmbeddedAccountType(core, wallet))
      .catch(() => undefined)
  }
  core.events.emit({
    type: 'CONNECT_SUCCESS',
    data: { connectorId: connector.id, address: connection.address, caipNetworkId: connection.network.caipNetworkId, namespace: ns }
  })
  guardUnsupportedNetwork(core, ns)
  return true
}

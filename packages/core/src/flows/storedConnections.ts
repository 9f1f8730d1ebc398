import { proxy } from 'valtio/vanilla'
import type { Core } from '../core/Core.js'
import type { Connector } from '../types/connector.js'
import { WIRED_NAMESPACES, type CaipAddress, type WiredNamespace } from '../types/network.js'
import { STORAGE_KEYS } from '../utils/storage.js'
import { currentConnectorId } from '../adapters/connectorIds.js'
import { noteDisconnected } from './disconnectedConnectors.js'

/** A stored connection's status (spec §4): the one in use, one kept connected, one to log in again. */
export type ConnectionStatus = 'active' | 'connected' | 'disconnected'

/** A wallet connection kept on a namespace (spec §3 connections), what ProfileWallets lists. */
export interface StoredConnection {
  connectorId: string
  name: string
  imageUrl?: string
  caipAddress: CaipAddress
  status: ConnectionStatus
}

/** Multi-wallet state: every stored connection per namespace, the active one marked. */
export interface MultiWalletState {
  connections: Record<WiredNamespace, StoredConnection[]>
}

const isStored = (v: unknown): v is StoredConnection[] =>
  Array.isArray(v) &&
  v.every(c => !!c && typeof c.connectorId === 'string' && typeof c.name === 'string' && typeof c.caipAddress === 'string' && typeof c.status === 'string')

const states = new WeakMap<Core, MultiWalletState>()

/**
 * The stored connections of every namespace, read from storage once per core and kept in step
 * with it (the views follow this state).
 *
 * @param core - The modal's core.
 */
export function multiWalletState(core: Core): MultiWalletState {
  let state = states.get(core)
  if (state) return state
  const connections = {} as Record<WiredNamespace, StoredConnection[]>
  for (const ns of WIRED_NAMESPACES) connections[ns] = core.storage.get(STORAGE_KEYS.connections(ns), isStored) ?? []
  state = proxy<MultiWalletState>({ connections })
  states.set(core, state)
  return state
}

/** Whether the project lets a visitor keep several wallets connected (spec §1: remote `multiWallet`). */
export const multiWalletEnabled = (core: Core): boolean => core.options.isEnabled('multiWallet')

/**
 * Connector ids compare case-insensitively (spec §4), and an id stored under a wallet's rdns before
 * the wallet got spec §3's id (`com.coinbase.wallet`, now `coinbaseWallet`) is the same wallet.
 */
export const sameConnector = (a: string, b: string): boolean => currentConnectorId(a).toLowerCase() === currentConnectorId(b).toLowerCase()

/** Replaces a namespace's stored connections, in state and storage. */
export function saveConnections(core: Core, ns: WiredNamespace, list: StoredConnection[]): void {
  multiWalletState(core).connections[ns] = list
  if (list.length) core.storage.set(STORAGE_KEYS.connections(ns), list)
  else core.storage.remove(STORAGE_KEYS.connections(ns))
}

/**
 * Records a wallet that just connected (or was restored) on a namespace as the active connection.
 * With multi-wallet on, the previously active one stays, `connected`, to switch back to; off, it is
 * forgotten (one wallet per namespace). Restoring the active wallet keeps the others. Connector ids compare case-insensitively (spec §4).
 *
 * @param core - The modal's core.
 * @param ns - The namespace.
 * @param connector - The wallet now in use.
 * @param caipAddress - Its account.
 */
export function noteActiveConnection(core: Core, ns: WiredNamespace, connector: Pick<Connector, 'id' | 'name' | 'imageUrl'>, caipAddress: CaipAddress): void {
  // Connected again: no longer a wallet the person disconnected (spec §3 stored records).
  noteDisconnected(core, connector.id, false)
  const list = multiWalletState(core).connections[ns]
  // A reload restores the active wallet before the project's configuration has arrived: the
  // others it kept stay, whatever the flag says until then.
  const restoring = list.some(c => c.status === 'active' && sameConnector(c.connectorId, connector.id))
  const keep = restoring || multiWalletEnabled(core)
  const others = list
    .filter(c => keep && !sameConnector(c.connectorId, connector.id))
    .map(c => (c.status === 'active' ? { ...c, status: 'connected' as const } : c))
  saveConnections(core, ns, [...others, { connectorId: connector.id, name: connector.name, imageUrl: connector.imageUrl, caipAddress, status: 'active' }])
}

/** Forgets every stored connection of a namespace (the namespace was disconnected). */
export function forgetConnections(core: Core, ns: WiredNamespace): void {
  saveConnections(core, ns, [])
}

/**
 * Account's "Wallets" entry: ProfileWallets when the project has multi-wallet on, else the info
 * alert 'Multi-Wallet Not Enabled' (spec §8: enable it in the project configuration).
 *
 * @param core - The modal's core.
 */
export function openProfileWallets(core: Core): void {
  if (multiWalletEnabled(core)) core.router.push('ProfileWallets')
  else core.alert.show('MULTI_WALLET_NOT_ENABLED')
}

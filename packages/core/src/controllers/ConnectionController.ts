import { proxy } from 'valtio/vanilla'
import type { Connection } from '../types/account.js'
import type { WiredNamespace } from '../types/network.js'
import { WIRED_NAMESPACES } from '../types/network.js'

/** How many recent wallets are kept (spec §9). */
export const RECENT_WALLETS_KEPT = 2

/** A wallet used before, shown first on Connect. */
export interface RecentWallet {
  id: string
  name: string
  imageUrl?: string
}

/** The last connection error, shown by the connecting views. */
export interface ConnectionError {
  code: string
  message: string
}

/** Connection state: connections per namespace, recent wallets and the in-progress attempt. */
export interface ConnectionState {
  connections: Record<WiredNamespace, Connection[]>
  recentWallets: RecentWallet[]
  /** The connector being connected right now, if any. */
  connectingId?: string
  error?: ConnectionError
  /** The WalletConnect pairing URI on screen (QR code, links), while a WalletConnect view shows. */
  wcUri?: string
  /** When that URI stops being valid (ms since epoch; spec §4: 4 minutes). */
  wcPairingExpiry?: number
  /** A pairing is being made (first one, or a replacement). */
  wcPairing?: boolean
  /** Why WalletConnect cannot be used, after the relay failed (Connect and the QR view say it). */
  wcProblem?: import('../flows/serviceProblem.js').ServiceProblem
}

/** Connections per namespace and recent wallets (2 kept). */
export function createConnectionController(recent: RecentWallet[] = []) {
  const connections = {} as Record<WiredNamespace, Connection[]>
  for (const ns of WIRED_NAMESPACES) connections[ns] = []
  const state = proxy<ConnectionState>({ connections, recentWallets: recent.slice(0, RECENT_WALLETS_KEPT) })
  return {
    state,
    /** Adds or replaces a connection; connector ids compare case-insensitively (spec §4). */
    setConnection(ns: WiredNamespace, connection: Connection): void {
      const list = state.connections[ns]
      const i = list.findIndex(c => c.connectorId.toLowerCase() === connection.connectorId.toLowerCase())
      if (i >= 0) list[i] = connection
      else list.push(connection)
    },
    removeConnection(ns: WiredNamespace, connectorId: string): void {
      const list = state.connections[ns]
      const i = list.findIndex(c => c.connectorId.toLowerCase() === connectorId.toLowerCase())
      if (i >= 0) list.splice(i, 1)
    },
    clear(ns: WiredNamespace): void {
      state.connections[ns] = []
    },
    /** Puts a wallet first in the recent list, keeping 2. */
    addRecent(wallet: RecentWallet): void {
      const rest = state.recentWallets.filter(w => w.id !== wallet.id)
      state.recentWallets = [wallet, ...rest].slice(0, RECENT_WALLETS_KEPT)
    },
    setConnecting(id: string | undefined): void {
      state.connectingId = id
      if (id) state.error = undefined
    },
    setError(error: ConnectionError | undefined): void {
      state.error = error
    },
    /** Records why the relay cannot be used (undefined once a pairing was made). */
    setWcProblem(problem: ConnectionState['wcProblem']): void {
      state.wcProblem = problem
    },
    /** Shows a new pairing URI (clears a previous error: the QR code is fresh). */
    setWcPairing(uri: string, expiry: number): void {
      state.wcProblem = undefined
      state.wcUri = uri
      state.wcPairingExpiry = expiry
      state.wcPairing = false
    },
    /** Marks a pairing as being made; the previous URI is no longer offered. */
    setWcPairingLoading(): void {
      state.wcUri = undefined
      state.wcPairingExpiry = undefined
      state.wcPairing = true
    },
    clearWcPairing(): void {
      state.wcUri = undefined
      state.wcPairingExpiry = undefined
      state.wcPairing = false
    }
  }
}

/** The connection controller's type. */
export type ConnectionController = ReturnType<typeof createConnectionController>

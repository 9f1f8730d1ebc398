// How every connect ends, whichever flow asked the wallet (connect.ts, walletConnect.ts, the
// embedded wallet's logins): a module of its own, so those flows and connect.ts, which loads
// WalletConnect's flow lazily, do not import each other.
import type { Core } from '../core/Core.js'
import { type WalletModalError, toWalletModalError } from '../errors/WalletModalError.js'
import type { AdapterConnection, ChainAdapter } from '../adapters/ChainAdapter.js'
import { STORAGE_KEYS } from '../utils/storage.js'
import type { Connector } from '../types/connector.js'
import { applyConnectedAccount, guardUnsupportedNetwork } from './accountState.js'
import { followWallet } from './walletListeners.js'
import { closeModal } from './openModal.js'

/**
 * The end of every successful connect, on any namespace (extension, announced wallet, Wallet
 * Standard or sats-connect wallet, WalletConnect): the account goes into state, the wallet is
 * followed and remembered, the success event fires, and the modal closes (or shows
 * UnsupportedChain).
 * @param opts.close false to keep the modal open: a login connecting several namespaces closes it with the last
 */
export function completeConnection(core: Core, adapter: ChainAdapter, connector: Connector, c: AdapterConnection, opts: { close?: boolean } = {}): void {
  const ns = adapter.namespace
  applyConnectedAccount(core, ns, connector, c)
  followWallet(core, adapter, connector)
  core.connection.addRecent({ id: connector.id, name: connector.name, imageUrl: connector.imageUrl })
  core.storage.set(STORAGE_KEYS.recentWallets, core.connection.state.recentWallets)
  core.connection.setConnecting(undefined)
  core.events.emit({ type: 'CONNECT_SUCCESS', data: { connectorId: connector.id, address: c.address, caipNetworkId: c.network.caipNetworkId, namespace: ns } })
  if (!guardUnsupportedNetwork(core, ns) && core.modal.state.open && opts.close !== false) closeModal(core)
}

/** The failure side of a connect: the error for the view, a shake, the error event. */
export function failConnection(core: Core, connectorId: string, err: unknown): WalletModalError {
  const e = toWalletModalError(err, 'CONNECT_FAILED')
  core.connection.setConnecting(undefined)
  core.connection.setError({ code: e.code, message: e.shortMessage })
  core.modal.shake()
  core.events.emit({ type: 'CONNECT_ERROR', data: { connectorId, code: e.code, message: e.shortMessage } })
  return e
}

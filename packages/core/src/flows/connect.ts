import type { Core } from '../createCore.js'
import { WalletModalError, toWalletModalError } from '../errors/WalletModalError.js'
import type { AdapterConnection, ChainAdapter } from '../adapters/ChainAdapter.js'
import { STORAGE_KEYS } from '../utils/storage.js'
import type { Connector } from '../types/connector.js'
import { applyConnectedAccount, guardUnsupportedNetwork } from './accountState.js'
import { followWallet } from './walletListeners.js'
import { closeModal } from './openModal.js'
import { discoveredAdapter } from './adapters.js'
import { WALLET_CONNECT_CONNECTOR_ID } from '../adapters/walletconnect/connectorId.js'

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

/**
 * Connects a wallet by connector id, on whatever namespace it serves: shows ConnectingExternal,
 * asks the wallet through its namespace's adapter, then puts the account in state (that
 * namespace becomes the active one; others stay connected), remembers the wallet and closes the
 * modal. A rejection leaves the view showing 'Connection rejected' with a way to try again. The
 * WalletConnect connector opens its QR code instead and resolves once a wallet has approved.
 * @returns the connected address
 * @throws WalletModalError `CONNECTOR_NOT_FOUND`, `ADAPTER_NOT_FOUND`, `USER_REJECTED`, `CONNECT_FAILED`, `MODAL_CLOSED`
 */
export async function connectExternal(core: Core, connectorId: string): Promise<string> {
  if (connectorId === WALLET_CONNECT_CONNECTOR_ID) return (await import('./walletConnect.js')).connectWalletConnect(core)
  const connector = core.connector.get(connectorId)
  if (!connector) throw new WalletModalError('CONNECTOR_NOT_FOUND', { details: connectorId })
  const ns = connector.chain
  if (core.router.state.view !== 'ConnectingExternal' || core.router.state.data?.connector?.id !== connector.id) {
    core.router.push('ConnectingExternal', { connector })
  }
  core.connection.setConnecting(connector.id)
  const previous = core.chain.state.namespaces[ns].account.status
  if (previous !== 'connected') core.chain.setAccount(ns, { status: 'connecting' })
  try {
    const adapter = await discoveredAdapter(core, ns)
    const c = await adapter.connect(connector, core.options.networksOf(ns))
    completeConnection(core, adapter, connector, c)
    return c.address
  } catch (err) {
    if (previous !== 'connected') core.chain.setAccount(ns, { status: 'disconnected' })
    throw failConnection(core, connector.id, err)
  }
}

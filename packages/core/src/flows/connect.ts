import type { Core } from '../createCore.js'
import { WalletModalError, toWalletModalError } from '../errors/WalletModalError.js'
import { STORAGE_KEYS } from '../utils/storage.js'
import { applyConnectedAccount, evmNetworkFor, guardUnsupportedNetwork } from './accountState.js'
import { followEip155Wallet } from './walletListeners.js'
import { closeModal } from './openModal.js'

/**
 * Connects an external (injected or announced) wallet: shows ConnectingExternal, asks the wallet,
 * then puts the account in state, remembers the wallet, and closes the modal. A rejection leaves
 * the view showing 'Connection rejected' with a way to try again.
 * @returns the connected address
 * @throws WalletModalError `CONNECTOR_NOT_FOUND`, `USER_REJECTED`, `CONNECT_FAILED`
 */
export async function connectExternal(core: Core, connectorId: string): Promise<string> {
  const connector = core.connector.get(connectorId)
  if (!connector) throw new WalletModalError('CONNECTOR_NOT_FOUND', { details: connectorId })
  const ns = connector.chain
  if (ns !== 'eip155') throw new WalletModalError('ADAPTER_NOT_FOUND', { details: ns })
  if (core.router.state.view !== 'ConnectingExternal' || core.router.state.data?.connector?.id !== connector.id) {
    core.router.push('ConnectingExternal', { connector })
  }
  core.connection.setConnecting(connector.id)
  const previous = core.chain.state.namespaces[ns].account.status
  if (previous !== 'connected') core.chain.setAccount(ns, { status: 'connecting' })
  try {
    const { address, chainId } = await core.adapters.eip155.connect(connector)
    const network = evmNetworkFor(core, chainId)
    applyConnectedAccount(core, ns, connector, address, network)
    followEip155Wallet(core, connector)
    core.connection.addRecent({ id: connector.id, name: connector.name, imageUrl: connector.imageUrl })
    core.storage.set(STORAGE_KEYS.recentWallets, core.connection.state.recentWallets)
    core.connection.setConnecting(undefined)
    core.events.emit({ type: 'CONNECT_SUCCESS', data: { connectorId: connector.id, address, caipNetworkId: network.caipNetworkId, namespace: ns } })
    if (!guardUnsupportedNetwork(core, ns) && core.modal.state.open) closeModal(core)
    return address
  } catch (err) {
    const e = toWalletModalError(err, 'CONNECT_FAILED')
    core.connection.setConnecting(undefined)
    core.connection.setError({ code: e.code, message: e.shortMessage })
    if (previous !== 'connected') core.chain.setAccount(ns, { status: 'disconnected' })
    core.modal.shake()
    core.events.emit({ type: 'CONNECT_ERROR', data: { connectorId: connector.id, code: e.code, message: e.shortMessage } })
    throw e
  }
}

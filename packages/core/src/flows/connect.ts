import type { Core } from '../core/Core.js'
import { WalletModalError } from '../errors/WalletModalError.js'
import { completeConnection, failConnection } from './completeConnection.js'
import { discoveredAdapter } from './adapters.js'
import { WALLET_CONNECT_CONNECTOR_ID } from '../adapters/walletconnect/connectorId.js'

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

import type { Core } from '../core/Core.js'
import type { WiredNamespace } from '../types/network.js'
import { WalletModalError } from '../errors/WalletModalError.js'
import { adapterOf } from './adapters.js'
import { namespaceSupports } from '../adapters/namespaces.js'
import { applyConnectedAccount } from './accountState.js'
import { followWallet } from './walletListeners.js'
import { multiWalletState, sameConnector as same, saveConnections as save } from './storedConnections.js'

/** Stops following a wallet's events (it is no longer the namespace's wallet in use). */
function unfollow(core: Core, connectorId: string): void {
  core.runtime.unlisten.get(connectorId)?.()
  core.runtime.unlisten.delete(connectorId)
}

/**
 * Makes a stored connection the namespace's active one (spec §4): a `connected` wallet is asked
 * again without a prompt (its permission or session), a `disconnected` one logs in again as on
 * Connect; any other status is 'Invalid connection status'. The account, balance and button follow,
 * and an account-change event names the new account.
 *
 * @param core - The modal's core.
 * @param ns - The namespace.
 * @param connectorId - The stored connection's connector id.
 * @throws WalletModalError `INVALID_CONNECTION_STATUS`, `CONNECTOR_NOT_FOUND`, or what the wallet says
 */
export async function switchConnection(core: Core, ns: WiredNamespace, connectorId: string): Promise<void> {
  const list = multiWalletState(core).connections[ns]
  const target = list.find(c => same(c.connectorId, connectorId))
  if (!target) throw new WalletModalError('CONNECTOR_NOT_FOUND', { details: connectorId })
  const previous = core.chain.state.namespaces[ns].account.connectorId
  if (target.status === 'active' && previous && same(previous, connectorId)) return
  if (target.status === 'disconnected') {
    await (await import('./connect.js')).connectExternal(core, target.connectorId)
    return
  }
  if (target.status !== 'connected' && target.status !== 'active') throw new WalletModalError('INVALID_CONNECTION_STATUS', { details: String(target.status) })
  const restored = await (await import('./reconnect.js')).restore(core, ns, target.connectorId)
  if (!restored) {
    // The wallet forgot the site (or its session ended): it must log in again.
    save(
      core,
      ns,
      list.map(c => (c === target ? { ...c, status: 'disconnected' as const } : c))
    )
    throw new WalletModalError('CONNECT_FAILED', { details: `${target.name} no longer answers for this site: connect it again` })
  }
  if (previous) unfollow(core, previous)
  applyConnectedAccount(core, ns, restored.connector, restored.connection)
  followWallet(core, restored.adapter, restored.connector)
  core.events.emit({ type: 'ACCOUNT_CHANGED', data: { address: restored.connection.address, namespace: ns } })
}

/**
 * Disconnects one stored connection (spec §4): the wallet is told (waiting at most 3 s) and its
 * listeners removed. When it was the active one, the first remaining connection becomes active
 * (an account-change event names it); when it was the last, the namespace disconnects (the
 * disconnect event).
 *
 * @param core - The modal's core.
 * @param ns - The namespace.
 * @param connectorId - The stored connection's connector id.
 */
export async function disconnectConnection(core: Core, ns: WiredNamespace, connectorId: string): Promise<void> {
  const list = multiWalletState(core).connections[ns]
  const target = list.find(c => same(c.connectorId, connectorId))
  if (!target) return
  const rest = list.filter(c => c !== target)
  const { disconnect, withTimeout, DISCONNECT_WAIT_MS } = await import('./disconnect.js')
  if (!rest.length) return disconnect(core, { namespace: ns })
  const connector = core.connector.get(target.connectorId)
  const active = core.chain.state.namespaces[ns].account.connectorId
  const wasActive = !!active && same(active, target.connectorId)
  unfollow(core, target.connectorId)
  if (connector?.provider || connector?.handle) {
    await withTimeout(
      core,
      adapterOf(core, ns).then(a => a.disconnect(connector)),
      DISCONNECT_WAIT_MS
    ).catch(err => console.warn('[wallet-modal] the wallet did not acknowledge the disconnect', err))
    // A WalletConnect session is over once disconnected: the connector goes back to pairing.
    if (connector.type === 'WALLET_CONNECT') core.connector.add({ ...connector, provider: undefined })
  }
  save(core, ns, rest)
  if (!wasActive) return
  // The first remaining connection that still answers takes over; none: the namespace disconnects.
  for (const next of rest) {
    try {
      await switchConnection(core, ns, next.connectorId)
      return
    } catch (err) {
      console.warn(`[wallet-modal] ${next.name} could not take over`, err)
    }
  }
  await disconnect(core, { namespace: ns })
}

/**
 * A stored connection's native balance on the namespace's current network, for ProfileWallets
 * ('1.234 ETH'); undefined where the namespace has no balances or the read fails.
 *
 * @param core - The modal's core.
 * @param ns - The namespace.
 * @param address - The connection's address.
 */
export async function connectionBalance(core: Core, ns: WiredNamespace, address: string): Promise<string | undefined> {
  const network = core.chain.state.namespaces[ns].network.caipNetwork
  if (!network || !namespaceSupports(ns, 'balances')) return undefined
  try {
    const got = await (await adapterOf(core, ns)).getBalance(network, address)
    return got ? `${got.balance} ${got.symbol}` : undefined
  } catch (err) {
    console.warn('[wallet-modal] balance of a kept wallet not read', err)
    return undefined
  }
}

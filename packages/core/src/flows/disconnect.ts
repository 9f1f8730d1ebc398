import type { Core } from '../core/Core.js'
import { WalletModalError } from '../errors/WalletModalError.js'
import { STORAGE_KEYS } from '../utils/storage.js'
import { WIRED_NAMESPACES, type WiredNamespace } from '../types/network.js'
import { closeModal } from './openModal.js'
import { adapterOf } from './adapters.js'
import { forgetConnections } from './storedConnections.js'
import { noteDisconnected } from './disconnectedConnectors.js'
import type { DisconnectOptions } from '../core/WalletModal.js'
import { WALLET_FEATURES } from '../core/featureKeys.js'

/** The longest a wallet may take to acknowledge a disconnect (spec §4). */
export const DISCONNECT_WAIT_MS = 3000

/** `p`, or done after `ms` (or at once when the core is destroyed meanwhile). */
export function withTimeout(core: Core, p: Promise<void>, ms: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const cancel = core.runtime.lifetime.setTimeout(resolve, ms, { runAtEnd: true })
    p.then(
      () => (cancel(), resolve()),
      err => (cancel(), reject(err))
    )
  })
}

export type { DisconnectOptions } from '../core/WalletModal.js'

/**
 * Puts a namespace's network state back to what it was before a wallet connected (spec §4:
 * disconnect clears the per-namespace network state): what the wallet said is forgotten (the
 * networks it approved, whether it takes any network, where its account can be a smart account),
 * and a network the site does not list, where the wallet had moved, gives way to the site's: the
 * last one in use if it is of this family, else the default (or first) network of the family. A
 * network of the site's stays: the visitor chose it.
 */
export function resetNetworkState(core: Core, ns: WiredNamespace): void {
  const { network } = core.chain.state.namespaces[ns]
  core.chain.setApprovedNetworkIds(ns, [], false)
  delete network.smartAccountEnabledNetworks
  if (core.chain.isNetworkSupported(ns)) return
  const last = core.storage.get(STORAGE_KEYS.activeNetwork, (v): v is string => typeof v === 'string')
  const { defaultNetwork } = core.options.state
  const listed = core.options.networksOf(ns)
  const back = listed.find(n => n.caipNetworkId === last) ?? (defaultNetwork.chainNamespace === ns ? defaultNetwork : listed[0])
  if (back) core.chain.setNetwork(ns, back)
}

/**
 * Disconnects every connected namespace, or one (spec §4): tells each wallet (waiting at most 3 s),
 * removes listeners, resets account state, clears stored connection data. When no connection
 * remains, the disconnect event fires and the modal closes; otherwise the first remaining
 * connection becomes active and an account-change event names it. State is cleared even when a
 * wallet fails; the failure is then rethrown as 'Failed to disconnect chains: {reason}'.
 */
export async function disconnect(core: Core, opts: DisconnectOptions = {}): Promise<void> {
  const connected = WIRED_NAMESPACES.filter(
    ns => (!opts.namespace || ns === opts.namespace) && core.chain.state.namespaces[ns].account.status !== 'disconnected'
  )
  const failures: string[] = []
  await Promise.all(
    connected.map(async (ns: WiredNamespace) => {
      const id = core.chain.state.namespaces[ns].account.connectorId
      const connector = id ? core.connector.get(id) : undefined
      if (id) {
        core.runtime.unlisten.get(id)?.()
        core.runtime.unlisten.delete(id)
        noteDisconnected(core, id, true)
      }
      try {
        if (connector)
          await withTimeout(
            core,
            adapterOf(core, ns).then(a => a.disconnect(connector)),
            DISCONNECT_WAIT_MS
          )
        // A WalletConnect session is over once disconnected: the connector goes back to pairing.
        if (connector?.type === 'WALLET_CONNECT') core.connector.add({ ...connector, provider: undefined })
      } catch (err) {
        failures.push(err instanceof Error ? err.message : String(err))
      }
      core.chain.resetAccount(ns)
      resetNetworkState(core, ns)
      core.connection.clear(ns)
      // Every wallet kept on the namespace goes with it (multi-wallet drops one at a time instead).
      forgetConnections(core, ns)
      core.storage.remove(STORAGE_KEYS.connectedConnectorId(ns))
      core.storage.remove(STORAGE_KEYS.connectedAddress(ns))
    })
  )
  // Spec §4: disconnect clears the send state (and the activity list with it).
  core.runtime.slots.get(WALLET_FEATURES)?.send.resetSend()
  core.runtime.slots.get(WALLET_FEATURES)?.transactions.reset()
  const remaining = WIRED_NAMESPACES.filter(ns => core.chain.state.namespaces[ns].account.status === 'connected')
  if (remaining.length) {
    const next = remaining[0]!
    const account = core.chain.state.namespaces[next].account
    core.chain.setActiveNamespace(next)
    core.storage.set(STORAGE_KEYS.activeNamespace, next)
    core.storage.set(STORAGE_KEYS.connectedNamespaces, remaining)
    if (connected.length > 0) core.events.emit({ type: 'ACCOUNT_CHANGED', data: { address: account.address ?? '', namespace: next } })
    if (failures.length) throw new WalletModalError('DISCONNECT_CHAINS_FAILED', { shortMessage: `Failed to disconnect chains: ${failures.join('; ')}` })
    return
  }
  core.blockchainApi.clearBalances()
  core.blockchainApi.setIdentity(undefined, undefined)
  core.runtime.slots.get(WALLET_FEATURES)?.send.clearPending()
  // Spec §4: the last disconnect clears the sign-in sessions, within the same 3 s bound (the
  // site's SIWX may call its backend). Other accounts still connected keep theirs.
  if (core.options.state.siwx || core.options.state.siweConfig) {
    await withTimeout(
      core,
      import('./signIn.js').then(m => m.clearSignIn(core)),
      DISCONNECT_WAIT_MS
    ).catch(err => console.warn('[wallet-modal] clearing sign-in failed', err))
  }
  core.storage.remove(STORAGE_KEYS.connectionStatus)
  core.storage.remove(STORAGE_KEYS.walletInfo)
  core.storage.remove(STORAGE_KEYS.connectedNamespaces)
  if (connected.length > 0) core.events.emit({ type: 'DISCONNECT_SUCCESS', data: { namespaces: connected } })
  closeModal(core)
  if (failures.length) {
    throw new WalletModalError('DISCONNECT_CHAINS_FAILED', { shortMessage: `Failed to disconnect chains: ${failures.join('; ')}` })
  }
}

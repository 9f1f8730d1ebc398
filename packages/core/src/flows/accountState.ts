import type { Core } from '../core/Core.js'
import type { AdapterConnection } from '../adapters/ChainAdapter.js'
import { namespaceSupports } from '../adapters/namespaces.js'
import { WIRED_NAMESPACES, type WiredNamespace } from '../types/network.js'
import type { Connector } from '../types/connector.js'
import { toCaipAddress } from '../utils/caip.js'
import { STORAGE_KEYS } from '../utils/storage.js'
import { CACHE_MS } from '../controllers/BlockchainApiController.js'
import { toWalletModalError } from '../errors/WalletModalError.js'
import { adapterOf } from './adapters.js'
import { warnUnlessDestroyed } from '../utils/warnUnlessDestroyed.js'

const isNativeBalance = (v: unknown): v is { balance: string; symbol: string } =>
  !!v && typeof (v as { balance?: unknown }).balance === 'string' && typeof (v as { symbol?: unknown }).symbol === 'string'

/**
 * Reads the native balance of the namespace's account into chain state, from the 30 s cache
 * (spec §9) unless `force`; failures show as unavailable. Namespaces without balances (spec §9:
 * Bitcoin shows addresses only) show none.
 */
export async function refreshBalance(core: Core, ns: WiredNamespace = core.chain.state.activeNamespace, opts: { force?: boolean } = {}): Promise<void> {
  // Token list and identity come from the services (when configured), in parallel; without them,
  // the site's listed `tokens` are read from the network's RPC (and identity is skipped).
  if (ns === core.chain.state.activeNamespace && (core.hasServices || core.options.state.tokens !== undefined)) {
    void import('./balances.js')
      .then(m => Promise.all([m.fetchTokenBalances(core, { force: opts.force }), m.fetchIdentity(core)]))
      .catch(err => console.warn('[wallet-modal] token balances not loaded', err))
  }
  const { account, network } = core.chain.state.namespaces[ns]
  const caipNetwork = network.caipNetwork
  const address = account.address
  if (!namespaceSupports(ns, 'balances') || !address || !caipNetwork || !core.chain.isNetworkSupported(ns)) {
    core.chain.setAccount(ns, { balance: undefined, balanceSymbol: caipNetwork?.nativeCurrency.symbol, balanceLoading: false })
    return
  }
  const cacheKey = STORAGE_KEYS.nativeBalance(toCaipAddress(caipNetwork.caipNetworkId, address))
  const cached = opts.force ? undefined : core.storage.get(cacheKey, isNativeBalance, CACHE_MS.nativeBalance)
  if (cached) {
    core.chain.setAccount(ns, { balance: cached.balance, balanceSymbol: cached.symbol, balanceLoading: false, balanceError: undefined })
    return
  }
  core.chain.setAccount(ns, { balanceLoading: true, balanceError: undefined })
  try {
    const got = await (await adapterOf(core, ns)).getBalance(caipNetwork, address)
    if (!got) return void core.chain.setAccount(ns, { balanceLoading: false })
    const { balance, symbol } = got
    core.storage.set(cacheKey, { balance, symbol })
    // Drop the answer if the account or network changed while it was in flight.
    const now = core.chain.state.namespaces[ns]
    if (now.account.address !== address || now.network.caipNetwork?.caipNetworkId !== caipNetwork.caipNetworkId) return
    core.chain.setAccount(ns, { balance, balanceSymbol: symbol, balanceLoading: false })
  } catch (err) {
    const e = toWalletModalError(err, 'RPC_ERROR')
    warnUnlessDestroyed(core, 'balance read failed', e)
    core.chain.setAccount(ns, { balance: undefined, balanceLoading: false, balanceError: e.shortMessage })
  }
}

/**
 * Puts a connected account into state and storage, after connect or reconnect: the namespace
 * becomes the active one, and every connected namespace is remembered so a reload restores each.
 */
export function applyConnectedAccount(core: Core, ns: WiredNamespace, connector: Connector, c: AdapterConnection): void {
  const { address, network } = c
  // Another wallet in use on this namespace before: no longer followed (multi-wallet keeps it
  // stored, to switch back to; otherwise it is forgotten).
  const before = core.chain.state.namespaces[ns].account.connectorId
  if (before && before !== connector.id) {
    core.runtime.unlisten.get(before)?.()
    core.runtime.unlisten.delete(before)
    core.connection.removeConnection(ns, before)
  }
  // The stored connections (multi-wallet's list) load with the first connection, not with Connect.
  const caipAddress = toCaipAddress(network.caipNetworkId, address)
  void import('./storedConnections.js').then(m => m.noteActiveConnection(core, ns, connector, caipAddress))
  core.chain.setNetwork(ns, network)
  core.chain.setActiveNamespace(ns)
  core.chain.setAccount(ns, {
    status: 'connected',
    address,
    caipAddress: toCaipAddress(network.caipNetworkId, address),
    connectorId: connector.id,
    balanceSymbol: network.nativeCurrency.symbol,
    bitcoinAccounts: c.accounts,
    // Told by the wallet afterwards when it has types (the embedded wallet); none otherwise.
    accountType: undefined,
    // A phone wallet is named by its session, not by the WalletConnect connector.
    connectedWalletInfo: {
      id: connector.id,
      name: c.peer?.name ?? connector.name,
      ...(c.peer ? (c.peer.icon ? { icon: c.peer.icon } : {}) : connector.imageUrl ? { icon: connector.imageUrl } : {}),
      ...(connector.info?.rdns ? { rdns: connector.info.rdns } : {}),
      type: connector.type
    }
  })
  // A wallet that approved a fixed list of networks takes only those (spec §3); one that says
  // nothing (an extension, the embedded wallet) takes any network it is asked to add.
  core.chain.setApprovedNetworkIds(ns, c.approvedCaipNetworkIds ?? [], c.supportsAllNetworks ?? true)
  core.connection.setConnection(ns, { connectorId: connector.id, accounts: [{ address, type: 'eoa' }], caipNetwork: network })
  core.storage.set(STORAGE_KEYS.connectedConnectorId(ns), connector.id)
  core.storage.set(STORAGE_KEYS.connectedAddress(ns), toCaipAddress(network.caipNetworkId, address))
  core.storage.set(STORAGE_KEYS.connectionStatus, 'connected')
  core.storage.set(STORAGE_KEYS.walletInfo, { id: connector.id, name: c.peer?.name ?? connector.name })
  // Spec §3 connected namespaces: every namespace with a connection.
  const connected = WIRED_NAMESPACES.filter(n => n === ns || core.chain.state.namespaces[n].account.status === 'connected')
  core.storage.set(STORAGE_KEYS.connectedNamespaces, connected)
  core.storage.set(STORAGE_KEYS.activeNamespace, ns)
  if (core.chain.isNetworkSupported(ns)) core.storage.set(STORAGE_KEYS.activeNetwork, network.caipNetworkId)
  void refreshBalance(core, ns)
}

/**
 * Shows UnsupportedChain when the namespace's network is not the site's, that is not allowed and
 * switching is enabled (spec §4): with the site's `enableNetworkSwitch: false` the view could offer
 * no way out, so the wallet simply stays on its network (Account tags it unsupported).
 *
 * @returns Whether it showed UnsupportedChain.
 */
export function guardUnsupportedNetwork(core: Core, ns: WiredNamespace): boolean {
  const { allowUnsupportedChain, enableNetworkSwitch } = core.options.state
  if (core.chain.isNetworkSupported(ns) || allowUnsupportedChain || !enableNetworkSwitch) return false
  core.router.reset('UnsupportedChain')
  if (!core.modal.state.open) {
    core.modal.open()
    core.events.emit({ type: 'MODAL_OPEN', data: { connected: true } })
  }
  return true
}

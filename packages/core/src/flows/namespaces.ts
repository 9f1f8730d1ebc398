// Loaded on demand: everything about the solana and bip122 namespaces (their adapters, discovery,
// connect, reconnect, events, signing, sending). A site that lists only EVM networks never loads it.
import type { Core } from '../createCore.js'
import { WalletModalError } from '../errors/WalletModalError.js'
import type { NamespaceAdapter, NamespaceConnection } from '../adapters/NamespaceAdapter.js'
import type { Connector } from '../types/connector.js'
import type { CaipNetwork, WiredNamespace } from '../types/network.js'
import { toCaipAddress } from '../utils/caip.js'
import { STORAGE_KEYS } from '../utils/storage.js'
import { applyConnectedAccount, guardUnsupportedNetwork, refreshBalance } from './accountState.js'
import { failConnection } from './connect.js'
import { closeModal } from './openModal.js'

/** The namespaces this module serves. */
export type OtherNamespace = 'solana' | 'bip122'

/** Namespaces the site wants wallets for: its networks' namespaces among the enabled adapters. */
export function siteNamespaces(core: Core): OtherNamespace[] {
  const o = core.options.state
  return (['solana', 'bip122'] as const).filter(ns => o.adapters.includes(ns) && o.networks.some(n => n.chainNamespace === ns))
}

/** The adapter of a namespace, created once per core. */
export function namespaceAdapter(core: Core, ns: OtherNamespace): Promise<NamespaceAdapter> {
  const loaded = core.runtime.namespaceAdapters
  loaded[ns] ??=
    ns === 'solana'
      ? import('../adapters/solana/SolanaAdapter.js').then(m => m.createSolanaAdapter(core.loadHttp))
      : import('../adapters/bip122/BitcoinAdapter.js').then(m => m.createBitcoinAdapter(() => core.options.state.metadata.name))
  return loaded[ns]
}

/**
 * Starts wallet discovery on every namespace the site lists (once per core). Wallet Standard
 * wallets re-register when asked, and Bitcoin wallets are globals, so starting late loses none.
 */
export async function startNamespaceDiscovery(core: Core): Promise<void> {
  for (const ns of siteNamespaces(core)) {
    if (core.runtime.namespaceDiscovery.has(ns)) continue
    core.runtime.namespaceDiscovery.add(ns)
    const adapter = await namespaceAdapter(core, ns)
    core.runtime.stopNamespaceDiscovery.push(adapter.watch(core.runtime.addConnector, core.options.networksOf(ns)))
  }
}

/** Puts a namespace connection into state, follows the wallet, persists it. */
function applyNamespaceConnection(core: Core, connector: Connector, ns: OtherNamespace, c: NamespaceConnection, adapter: NamespaceAdapter): void {
  applyConnectedAccount(core, ns, connector, c.address, c.network)
  core.chain.setAccount(ns, { bitcoinAccounts: c.accounts })
  core.runtime.unlisten.get(connector.id)?.()
  const stop = adapter.listen(connector, {
    onAccountsChanged(addresses) {
      const address = addresses[0]
      const now = core.chain.state.namespaces[ns]
      if (!address) return void disconnectNamespace(core, ns)
      if (address === now.account.address || !now.network.caipNetwork) return
      core.chain.setAccount(ns, { address, caipAddress: toCaipAddress(now.network.caipNetwork.caipNetworkId, address), balance: undefined })
      core.connection.setConnection(ns, { connectorId: connector.id, accounts: [{ address, type: 'eoa' }], caipNetwork: now.network.caipNetwork })
      core.events.emit({ type: 'ACCOUNT_CHANGED', data: { address, namespace: ns } })
      void refreshBalance(core, ns)
    },
    onDisconnect() {
      void disconnectNamespace(core, ns)
    }
  })
  core.runtime.unlisten.set(connector.id, stop)
}

/**
 * Connects a Solana or Bitcoin wallet: ConnectingExternal while the wallet asks, then the account
 * into state (this namespace becomes the active one; other namespaces stay connected).
 * @throws WalletModalError `USER_REJECTED`, `CONNECT_FAILED`, 'The connector does not support any of the requested chains'
 */
export async function connectNamespace(core: Core, connector: Connector): Promise<string> {
  const ns = connector.chain as OtherNamespace
  if (!siteNamespaces(core).includes(ns)) throw new WalletModalError('ADAPTER_NOT_FOUND', { details: ns })
  if (core.router.state.view !== 'ConnectingExternal' || core.router.state.data?.connector?.id !== connector.id) core.router.push('ConnectingExternal', { connector })
  core.connection.setConnecting(connector.id)
  const previous = core.chain.state.namespaces[ns].account.status
  if (previous !== 'connected') core.chain.setAccount(ns, { status: 'connecting' })
  try {
    const adapter = await namespaceAdapter(core, ns)
    const c = await adapter.connect(connector, core.options.networksOf(ns))
    applyNamespaceConnection(core, connector, ns, c, adapter)
    core.connection.addRecent({ id: connector.id, name: connector.name, imageUrl: connector.imageUrl })
    core.storage.set(STORAGE_KEYS.recentWallets, core.connection.state.recentWallets)
    core.connection.setConnecting(undefined)
    core.events.emit({ type: 'CONNECT_SUCCESS', data: { connectorId: connector.id, address: c.address, caipNetworkId: c.network.caipNetworkId, namespace: ns } })
    if (!guardUnsupportedNetwork(core, ns) && core.modal.state.open) closeModal(core)
    return c.address
  } catch (err) {
    if (previous !== 'connected') core.chain.setAccount(ns, { status: 'disconnected' })
    throw failConnection(core, connector.id, err)
  }
}

/** Restores a stored Solana or Bitcoin connection without a prompt (reload). */
export async function reconnectNamespace(core: Core, ns: OtherNamespace, connectorId: string): Promise<boolean> {
  if (!siteNamespaces(core).includes(ns)) return false
  await startNamespaceDiscovery(core)
  const adapter = await namespaceAdapter(core, ns)
  // Wallets register themselves when their script has run (the devnet's Solana wallet only after
  // fetching its configuration): give the remembered one the same grace as EVM wallets.
  const { waitForConnector, RECONNECT_WAIT_MS } = await import('./reconnect.js')
  const connector = await waitForConnector(core, connectorId, RECONNECT_WAIT_MS)
  const c = connector ? await adapter.reconnect(connector, core.options.networksOf(ns)) : undefined
  if (!connector || !c) {
    core.storage.remove(STORAGE_KEYS.connectedConnectorId(ns))
    return false
  }
  applyNamespaceConnection(core, connector, ns, c, adapter)
  core.events.emit({ type: 'CONNECT_SUCCESS', data: { connectorId, address: c.address, caipNetworkId: c.network.caipNetworkId, namespace: ns } })
  return true
}

/**
 * Disconnects one namespace (its wallet told, listeners removed, state and storage cleared). When
 * other connections remain, the first becomes active and an account-change event names it; when
 * none remain, the disconnect event fires (spec §4).
 */
export async function disconnectNamespace(core: Core, ns: WiredNamespace): Promise<void> {
  const { disconnect } = await import('./disconnect.js')
  await disconnect(core, { namespace: ns })
}

/** The connected wallet, address and network of a namespace, or CONNECTOR_NOT_FOUND. */
function activeConnection(core: Core, ns: OtherNamespace): { connector: Connector; address: string; network: CaipNetwork } {
  const { account, network } = core.chain.state.namespaces[ns]
  const connector = account.connectorId ? core.connector.get(account.connectorId) : undefined
  if (account.status !== 'connected' || !connector || !account.address || !network.caipNetwork) throw new WalletModalError('CONNECTOR_NOT_FOUND', { details: ns })
  return { connector, address: account.address, network: network.caipNetwork }
}

/** Sends native currency from a connected Solana wallet (`amount` in lamports); the signature. */
export async function sendNamespaceNative(core: Core, ns: OtherNamespace, to: string, amount: bigint): Promise<string> {
  const { connector, address, network } = activeConnection(core, ns)
  const adapter = await namespaceAdapter(core, ns)
  if (!adapter.sendNative) throw new WalletModalError('CHAIN_NOT_SUPPORTED', { details: `sending on ${ns}` })
  const id = await adapter.sendNative(connector, network, address, to, amount)
  void refreshBalance(core, ns, { force: true })
  return id
}

/**
 * Sends a token (`token.address`: the mint, without the CAIP prefix; `amount` in base units) from
 * the active account of a namespace whose adapter can (solana), then refreshes its balance.
 */
export async function sendNamespaceToken(core: Core, ns: OtherNamespace, to: string, token: { address: string; decimals: number }, amount: bigint): Promise<string> {
  const { connector, address, network } = activeConnection(core, ns)
  const adapter = await namespaceAdapter(core, ns)
  if (!adapter.sendToken) throw new WalletModalError('CHAIN_NOT_SUPPORTED', { details: `token sends on ${ns}` })
  const id = await adapter.sendToken(connector, network, address, to, token, amount)
  void refreshBalance(core, ns, { force: true })
  return id
}

/** Signs a message with the active account of a Solana or Bitcoin wallet. */
export async function signNamespaceMessage(core: Core, ns: OtherNamespace, message: string): Promise<string> {
  const { account } = core.chain.state.namespaces[ns]
  const connector = account.connectorId ? core.connector.get(account.connectorId) : undefined
  if (account.status !== 'connected' || !connector || !account.address) throw new WalletModalError('CONNECTOR_NOT_FOUND', { details: ns })
  return (await namespaceAdapter(core, ns)).signMessage(connector, account.address, message)
}

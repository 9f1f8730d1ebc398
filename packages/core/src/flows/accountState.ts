import type { Core } from '../createCore.js'
import type { CaipNetwork, WiredNamespace } from '../types/network.js'
import type { Connector } from '../types/connector.js'
import { toCaipAddress } from '../utils/caip.js'
import { STORAGE_KEYS } from '../utils/storage.js'
import { CACHE_MS } from '../controllers/BlockchainApiController.js'
import { toWalletModalError } from '../errors/WalletModalError.js'

/** The site's network for an EVM chain id, or a placeholder for a chain the site does not list. */
export function evmNetworkFor(core: Core, chainId: number): CaipNetwork {
  return (
    core.options.findNetwork(`eip155:${chainId}`) ?? {
      id: chainId,
      caipNetworkId: `eip155:${chainId}`,
      chainNamespace: 'eip155',
      name: `Unknown network (${chainId})`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [] } }
    }
  )
}

const isNativeBalance = (v: unknown): v is { balance: string; symbol: string } =>
  !!v && typeof (v as { balance?: unknown }).balance === 'string' && typeof (v as { symbol?: unknown }).symbol === 'string'

/**
 * Reads the native balance of the namespace's account into chain state, from the 30 s cache
 * (spec §9) unless `force`; failures show as unavailable.
 */
export async function refreshBalance(core: Core, ns: WiredNamespace = core.chain.state.activeNamespace, opts: { force?: boolean } = {}): Promise<void> {
  // Token list and identity come from the services (when configured), in parallel.
  if (ns === core.chain.state.activeNamespace && core.hasServices) {
    void import('./balances.js').then(m => Promise.all([m.fetchTokenBalances(core), m.fetchIdentity(core)])).catch(err => console.warn('[wallet-modal] token balances not loaded', err))
  }
  const { account, network } = core.chain.state.namespaces[ns]
  const caipNetwork = network.caipNetwork
  const address = account.address
  // Balances exist on eip155 and solana (spec §9); bip122 shows addresses only.
  if (ns === 'bip122' || !address || !caipNetwork || !core.chain.isNetworkSupported(ns)) {
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
    const read = ns === 'eip155' ? core.adapters.eip155 : await (await import('./namespaces.js')).namespaceAdapter(core, ns)
    const got = await read.getBalance(caipNetwork, address)
    if (!got) return void core.chain.setAccount(ns, { balanceLoading: false })
    const { balance, symbol } = got
    core.storage.set(cacheKey, { balance, symbol })
    // Drop the answer if the account or network changed while it was in flight.
    const now = core.chain.state.namespaces[ns]
    if (now.account.address !== address || now.network.caipNetwork?.caipNetworkId !== caipNetwork.caipNetworkId) return
    core.chain.setAccount(ns, { balance, balanceSymbol: symbol, balanceLoading: false })
  } catch (err) {
    const e = toWalletModalError(err, 'RPC_ERROR')
    console.warn('[wallet-modal] balance read failed', e)
    core.chain.setAccount(ns, { balance: undefined, balanceLoading: false, balanceError: e.shortMessage })
  }
}

/**
 * Puts a connected account into state and storage, after connect or reconnect. Shows
 * UnsupportedChain when the wallet sits on a network the site does not list (unless allowed).
 */
export function applyConnectedAccount(core: Core, ns: WiredNamespace, connector: Connector, address: string, network: CaipNetwork): void {
  core.chain.setNetwork(ns, network)
  core.chain.setActiveNamespace(ns)
  core.chain.setAccount(ns, {
    status: 'connected',
    address,
    caipAddress: toCaipAddress(network.caipNetworkId, address),
    connectorId: connector.id,
    balanceSymbol: network.nativeCurrency.symbol
  })
  core.connection.setConnection(ns, { connectorId: connector.id, accounts: [{ address, type: 'eoa' }], caipNetwork: network })
  core.storage.set(STORAGE_KEYS.connectedConnectorId(ns), connector.id)
  core.storage.set(STORAGE_KEYS.connectionStatus, 'connected')
  core.storage.set(STORAGE_KEYS.walletInfo, { id: connector.id, name: connector.name })
  // Every namespace with a connection, so a reload restores each (spec §3 connected namespaces).
  const connected = (['eip155', 'solana', 'bip122'] as const).filter(n => n === ns || core.chain.state.namespaces[n].account.status === 'connected')
  core.storage.set(STORAGE_KEYS.connectedNamespaces, connected)
  core.storage.set(STORAGE_KEYS.activeNamespace, ns)
  if (core.chain.isNetworkSupported(ns)) core.storage.set(STORAGE_KEYS.activeNetwork, network.caipNetworkId)
  void refreshBalance(core, ns)
}

/** Shows UnsupportedChain when the namespace's network is not the site's and that is not allowed. */
export function guardUnsupportedNetwork(core: Core, ns: WiredNamespace): boolean {
  if (core.chain.isNetworkSupported(ns) || core.options.state.allowUnsupportedChain) return false
  core.router.reset('UnsupportedChain')
  if (!core.modal.state.open) {
    core.modal.open()
    core.events.emit({ type: 'MODAL_OPEN', data: { connected: true } })
  }
  return true
}

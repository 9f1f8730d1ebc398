import type { Core } from '../core/Core.js'
import type { ChainAdapter } from '../adapters/ChainAdapter.js'
import type { Connector } from '../types/connector.js'
import { toCaipAddress } from '../utils/caip.js'
import { STORAGE_KEYS } from '../utils/storage.js'
import { guardUnsupportedNetwork, refreshBalance } from './accountState.js'

/**
 * Follows a connected wallet on its namespace: account changes, the wallet moving itself to
 * another network, and the wallet ending the connection (which disconnects that namespace; the
 * others stay).
 */
export function followWallet(core: Core, adapter: ChainAdapter, connector: Connector): void {
  const ns = adapter.namespace
  core.runtime.unlisten.get(connector.id)?.()
  const stop = adapter.listen(
    connector,
    {
      onAccountsChanged(addresses) {
        const address = addresses[0]
        if (!address) return void disconnectLater(core, ns)
        const { account, network } = core.chain.state.namespaces[ns]
        if (!network.caipNetwork || address === account.address) return
        const caipAddress = toCaipAddress(network.caipNetwork.caipNetworkId, address)
        core.chain.setAccount(ns, { address, caipAddress, balance: undefined })
        core.storage.set(STORAGE_KEYS.connectedAddress(ns), caipAddress)
        core.connection.setConnection(ns, { connectorId: connector.id, accounts: [{ address, type: 'eoa' }], caipNetwork: network.caipNetwork })
        core.events.emit({ type: 'ACCOUNT_CHANGED', data: { address, namespace: ns } })
        void refreshBalance(core, ns)
      },
      onNetworkChanged(network) {
        if (core.chain.state.namespaces[ns].network.caipNetwork?.caipNetworkId === network.caipNetworkId) return
        const address = core.chain.state.namespaces[ns].account.address
        core.chain.setNetwork(ns, network)
        if (address) core.chain.setAccount(ns, { caipAddress: toCaipAddress(network.caipNetworkId, address), balance: undefined })
        const supported = core.chain.isNetworkSupported(ns)
        if (supported) core.storage.set(STORAGE_KEYS.activeNetwork, network.caipNetworkId)
        core.events.emit({ type: 'SWITCH_NETWORK', data: { caipNetworkId: network.caipNetworkId, supported } })
        if (!guardUnsupportedNetwork(core, ns) && core.router.state.view === 'UnsupportedChain') core.router.reset('Account')
        void refreshBalance(core, ns)
      },
      onDisconnect() {
        void disconnectLater(core, ns)
      }
    },
    core.options.networksOf(ns)
  )
  core.runtime.unlisten.set(connector.id, stop)
}

/** The disconnect flow is a chunk of its own: a wallet that leaves is rare, the first chunk small. */
function disconnectLater(core: Core, namespace: ChainAdapter['namespace']): Promise<void> {
  return import('./disconnect.js').then(m => m.disconnect(core, { namespace }))
}

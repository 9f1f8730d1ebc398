import type { Core } from '../createCore.js'
import type { Connector } from '../types/connector.js'
import { toCaipAddress } from '../utils/caip.js'
import { STORAGE_KEYS } from '../utils/storage.js'
import { evmNetworkFor, guardUnsupportedNetwork, refreshBalance } from './accountState.js'

/** Follows a connected EVM wallet: account changes, chain changes, and the wallet disconnecting. */
export function followEip155Wallet(core: Core, connector: Connector): void {
  core.runtime.unlisten.get(connector.id)?.()
  const stop = core.adapters.eip155.listen(connector, {
    onAccountsChanged(accounts) {
      const address = accounts[0]
      if (!address) {
        void disconnectLater(core)
        return
      }
      const network = core.chain.state.namespaces.eip155.network.caipNetwork
      if (!network || address === core.chain.state.namespaces.eip155.account.address) return
      core.chain.setAccount('eip155', { address, caipAddress: toCaipAddress(network.caipNetworkId, address), balance: undefined })
      core.connection.setConnection('eip155', { connectorId: connector.id, accounts: [{ address, type: 'eoa' }], caipNetwork: network })
      core.events.emit({ type: 'ACCOUNT_CHANGED', data: { address, namespace: 'eip155' } })
      void refreshBalance(core, 'eip155')
    },
    onChainChanged(chainId) {
      const current = core.chain.state.namespaces.eip155.network.caipNetwork
      if (current?.id === chainId) return
      const network = evmNetworkFor(core, chainId)
      const address = core.chain.state.namespaces.eip155.account.address
      core.chain.setNetwork('eip155', network)
      if (address) core.chain.setAccount('eip155', { caipAddress: toCaipAddress(network.caipNetworkId, address), balance: undefined })
      const supported = core.chain.isNetworkSupported('eip155')
      if (supported) core.storage.set(STORAGE_KEYS.activeNetwork, network.caipNetworkId)
      core.events.emit({ type: 'SWITCH_NETWORK', data: { caipNetworkId: network.caipNetworkId, supported } })
      if (!guardUnsupportedNetwork(core, 'eip155') && core.router.state.view === 'UnsupportedChain') core.router.reset('Account')
      void refreshBalance(core, 'eip155')
    },
    onDisconnect() {
      void disconnectLater(core)
    }
  })
  core.runtime.unlisten.set(connector.id, stop)
}

/** The disconnect flow is a chunk of its own: a wallet that leaves is rare, the first chunk small. */
function disconnectLater(core: Core): Promise<void> {
  return import('./disconnect.js').then(m => m.disconnect(core))
}

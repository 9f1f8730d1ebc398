import { WalletModalError } from '../../errors/WalletModalError.js'
import type { HttpClient } from '../../api/HttpClient.js'
import { assertEvmChainId, isEvmAddress } from '../../utils/address.js'
import { formatBalance } from '../../utils/format.js'
import type { CaipNetwork } from '../../types/network.js'
import type { Connector, Eip1193Provider } from '../../types/connector.js'
import { fromProviderError } from './providerErrors.js'
import { watchEip155Wallets } from './discovery.js'

/** What a wallet reports after connecting. */
export interface Eip155ConnectResult {
  address: string
  chainId: number
}

/** Callbacks for a connected wallet's events. */
export interface Eip155Listeners {
  onAccountsChanged(accounts: string[]): void
  onChainChanged(chainId: number): void
  onDisconnect(): void
}

/** Hex form of a chain id, as EIP-1193 wallets expect. */
export const toHexChainId = (id: number): `0x${string}` => `0x${id.toString(16)}`

function requireProvider(connector: Connector): Eip1193Provider {
  if (!connector.provider) throw new WalletModalError('CONNECTOR_NOT_FOUND', { details: connector.id })
  return connector.provider
}

function firstAddress(accounts: unknown): string | undefined {
  return Array.isArray(accounts) && isEvmAddress(accounts[0]) ? accounts[0] : undefined
}

async function readChainId(provider: Eip1193Provider): Promise<number> {
  return assertEvmChainId(await provider.request({ method: 'eth_chainId' }))
}

/**
 * The eip155 adapter: discovery, connect, reconnect, switch network, balance and events,
 * over EIP-1193 providers. Provider errors are translated here and only here.
 */
export function createEip155Adapter(loadHttp: () => Promise<HttpClient>) {
  return {
    namespace: 'eip155' as const,
    watch: watchEip155Wallets,

    /** Asks the wallet for accounts (a prompt). 4001 -> 'Connection rejected'. */
    async connect(connector: Connector): Promise<Eip155ConnectResult> {
      const provider = requireProvider(connector)
      try {
        const address = firstAddress(await provider.request({ method: 'eth_requestAccounts' }))
        if (!address) throw new WalletModalError('CONNECT_FAILED', { details: 'the wallet returned no account' })
        return { address, chainId: await readChainId(provider) }
      } catch (err) {
        throw fromProviderError(err, 'CONNECT_FAILED')
      }
    },

    /** Restores a connection without a prompt (`eth_accounts`); undefined when the wallet forgot us. */
    async reconnect(connector: Connector): Promise<Eip155ConnectResult | undefined> {
      const provider = requireProvider(connector)
      try {
        const address = firstAddress(await provider.request({ method: 'eth_accounts' }))
        return address ? { address, chainId: await readChainId(provider) } : undefined
      } catch (err) {
        console.warn('[wallet-modal] reconnect failed', err)
        return undefined
      }
    },

    /** Best effort: wallets that support it forget the site's permission; others ignore it. */
    async disconnect(connector: Connector): Promise<void> {
      const provider = connector.provider
      if (!provider) return
      try {
        await provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
      } catch {
        // Not every wallet supports revoking; the modal forgets the connection either way.
      }
    },

    /**
     * `wallet_switchEthereumChain`; on 4902 (unknown chain) adds it with `wallet_addEthereumChain`
     * (spec §7 fields) and switches again. Loaded on first use (a chunk of its own).
     */
    switchNetwork: (connector: Connector, network: CaipNetwork): Promise<void> => import('./switchEip155Network.js').then(m => m.switchEip155Network(requireProvider(connector), network)),

    /** Native balance from the network's own RPC (not the wallet), for display. */
    async getBalance(network: CaipNetwork, address: string): Promise<{ balance: string; symbol: string }> {
      const url = network.rpcUrls.default.http[0]
      if (!url) throw new WalletModalError('NETWORK_NOT_FOUND', { details: network.caipNetworkId })
      const hex = await (await loadHttp()).rpc<string>(url, 'eth_getBalance', [address, 'latest'])
      if (typeof hex !== 'string' || !/^0x[0-9a-fA-F]*$/.test(hex)) throw new WalletModalError('RPC_ERROR', { details: 'eth_getBalance: not a quantity' })
      return { balance: formatBalance(BigInt(hex === '0x' ? 0 : hex), network.nativeCurrency.decimals), symbol: network.nativeCurrency.symbol }
    },

    /** Follows `accountsChanged`, `chainChanged`, `disconnect`; returns the function that stops. */
    listen(connector: Connector, listeners: Eip155Listeners): () => void {
      const provider = connector.provider
      if (!provider?.on) return () => {}
      const onAccounts = (accounts: unknown) => listeners.onAccountsChanged(Array.isArray(accounts) ? accounts.filter(isEvmAddress) : [])
      const onChain = (id: unknown) => {
        try {
          listeners.onChainChanged(assertEvmChainId(id))
        } catch (err) {
          console.warn('[wallet-modal] ignored a malformed chainChanged', err)
        }
      }
      const onDisconnect = () => listeners.onDisconnect()
      provider.on('accountsChanged', onAccounts)
      provider.on('chainChanged', onChain)
      provider.on('disconnect', onDisconnect)
      return () => {
        provider.removeListener?.('accountsChanged', onAccounts)
        provider.removeListener?.('chainChanged', onChain)
        provider.removeListener?.('disconnect', onDisconnect)
      }
    }
  }
}

/** The eip155 adapter's type. */
export type Eip155Adapter = ReturnType<typeof createEip155Adapter>

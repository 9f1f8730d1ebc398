import { WalletModalError } from '../../errors/WalletModalError.js'
import { assertEvmChainId, isEvmAddress } from '../../utils/address.js'
import type { CaipNetwork } from '../../types/network.js'
import type { Connector, Eip1193Provider } from '../../types/connector.js'
import type { AdapterConnection, AdapterContext, ChainAdapter } from '../ChainAdapter.js'
import { lazyTransfers } from '../lazyTransfers.js'
import { fromProviderError } from './providerErrors.js'
import { watchEip155Wallets } from './discovery.js'
import { evmNetworkFor, rpcUrlOf } from './eip155Networks.js'

/** An address a transaction can go to: 0x and 40 hex digits. */
const isTransferAddress = (value: string) => /^0x[0-9a-fA-F]{40}$/.test(value)

function requireProvider(connector: Connector): Eip1193Provider {
  if (!connector.provider) throw new WalletModalError('CONNECTOR_NOT_FOUND', { details: connector.id })
  return connector.provider
}

function firstAddress(accounts: unknown): string | undefined {
  return Array.isArray(accounts) && isEvmAddress(accounts[0]) ? accounts[0] : undefined
}

async function connection(provider: Eip1193Provider, address: string, networks: readonly CaipNetwork[]): Promise<AdapterConnection> {
  const chainId = assertEvmChainId(await provider.request({ method: 'eth_chainId' }))
  return { address, network: evmNetworkFor(networks, chainId) }
}

/**
 * The eip155 adapter over EIP-1193 providers (extensions, EIP-6963 wallets, WalletConnect
 * sessions): discovery, connect, reconnect, switch, events, signing, balances and transfers.
 * Provider errors are translated here and only here. Transfers load their code (viem's
 * encoders) on first use.
 */
export function createEip155Adapter(ctx: AdapterContext): ChainAdapter {
  return {
    namespace: 'eip155',
    // The site's `enableEIP6963` / `enableInjected` switch each way of finding wallets.
    watch(add, _networks, remove) {
      const o = ctx.options()
      const stop = watchEip155Wallets(add, { eip6963: o.enableEIP6963, injected: o.enableInjected }, remove)
      // A framed page may be a Safe app: the Safe connector's code loads only then.
      let stopSafe: (() => void) | undefined | false
      if (typeof window !== 'undefined' && window.parent !== window)
        import('./safe/watchSafe.js').then(m => stopSafe ?? (stopSafe = m.watchSafe(add, o.safeAppOrigins)))
      // Coinbase's SDK only on the sites that ask for it: this small module now, the SDK on first use.
      let stopped = false
      if (o.coinbaseWalletSDK && typeof window !== 'undefined')
        import('./coinbase/watchCoinbaseSdk.js').then(m => stopped || m.watchCoinbaseSdk(add, o.coinbaseWalletSDK, o))
      return () => {
        stopped = true
        stop()
        if (stopSafe) stopSafe()
        stopSafe = false
      }
    },

    /** Asks the wallet for accounts (a prompt). 4001 -> 'Connection rejected'. */
    async connect(connector, networks) {
      const provider = requireProvider(connector)
      try {
        const address = firstAddress(await provider.request({ method: 'eth_requestAccounts' }))
        if (!address) throw new WalletModalError('CONNECT_FAILED', { details: 'the wallet returned no account' })
        return await connection(provider, address, networks)
      } catch (err) {
        throw fromProviderError(err, 'CONNECT_FAILED')
      }
    },

    /** `eth_accounts`: no prompt; undefined when the wallet forgot the site. */
    async reconnect(connector, networks) {
      const provider = requireProvider(connector)
      try {
        const address = firstAddress(await provider.request({ method: 'eth_accounts' }))
        return address ? await connection(provider, address, networks) : undefined
      } catch (err) {
        console.warn('[wallet-modal] reconnect failed', err)
        return undefined
      }
    },

    /** Best effort: wallets that support it forget the site's permission; others ignore it. */
    async disconnect(connector) {
      try {
        await connector.provider?.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
      } catch {
        // Not every wallet supports revoking; the modal forgets the connection either way.
      }
    },

    /** `wallet_switchEthereumChain`, adding the chain on 4902 (a chunk of its own). */
    switchNetwork: (connector, network) => import('./switchEip155Network.js').then(m => m.switchEip155Network(requireProvider(connector), network)),

    /** Follows `accountsChanged`, `chainChanged`, `disconnect`. */
    listen(connector, listeners, networks) {
      const provider = connector.provider
      if (!provider?.on) return () => {}
      const onAccounts = (accounts: unknown) => listeners.onAccountsChanged(Array.isArray(accounts) ? accounts.filter(isEvmAddress) : [])
      const onChain = (id: unknown) => {
        try {
          listeners.onNetworkChanged(evmNetworkFor(networks, assertEvmChainId(id)))
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
    },

    /** `personal_sign` of the UTF-8 message; a hex signature (spec §5's shape, checked; a chunk of its own). */
    signMessage: async (connector, address, message) =>
      (await import('./eip155SignMessage.js')).signEip155Message(requireProvider(connector), address, message),

    /** Native balance from the network's own RPC (not the wallet), for display. */
    async getBalance(network, address) {
      // The formatting code (viem's) loads with the first balance, not with the button.
      const [hex, { formatBalance }] = await Promise.all([
        network.rpcUrls.default.http.length > 1
          ? import('./networkRpc.js').then(m => m.networkRpc<string>(ctx, network, 'eth_getBalance', [address, 'latest']))
          : ctx.loadHttp().then(h => h.rpc<string>(rpcUrlOf(network), 'eth_getBalance', [address, 'latest'])),
        import('../../utils/formatBalance.js')
      ])
      if (typeof hex !== 'string' || !/^0x[0-9a-fA-F]*$/.test(hex)) throw new WalletModalError('RPC_ERROR', { details: 'eth_getBalance: not a quantity' })
      return { balance: formatBalance(BigInt(hex === '0x' ? 0 : hex), network.nativeCurrency.decimals), symbol: network.nativeCurrency.symbol }
    },

    /** Native and listed-token balances over one Multicall3 call (no data API); a chunk of its own. */
    readRpcBalances: (network, address, tokens) => import('./eip155RpcBalances.js').then(m => m.readEip155RpcBalancesOf(ctx, network, address, tokens)),

    transfers: lazyTransfers(isTransferAddress, () => import('./eip155Transfers.js').then(m => m.createEip155Transfers(ctx))),
    sendCall: async (connector, call) => (await import('./eip155Transfers.js')).sendEip155Call(requireProvider(connector), call),
    batchCalls: () => import('./eip155Transfers.js').then(m => m.eip155BatchCalls(requireProvider))
  }
}

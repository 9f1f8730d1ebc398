// Loaded on demand (adapters/registry.ts): Bitcoin wallets through sats-connect's request API.
// Discovery needs no sats-connect; its chunk (with its dependencies, about 25 KB) loads when a
// Bitcoin wallet is connected, restored or signs.
import { WalletModalError } from '../../errors/WalletModalError.js'
import type { Connector } from '../../types/connector.js'
import type { CaipNetwork } from '../../types/network.js'
import type { AdapterConnection, AdapterContext, ChainAdapter } from '../ChainAdapter.js'
import { bitcoinNetworkId, bitcoinNetworkOfAddress } from './bitcoinNetworks.js'
import { watchBitcoinWallets } from './bitcoinDiscovery.js'
import { toBitcoinAccounts } from './toBitcoinAccounts.js'

export { bitcoinConnectorId } from './bitcoinDiscovery.js'

/** sats-connect's user-rejection code. */
const USER_REJECTION = -32000

/** What a Bitcoin connector carries: the provider's path on `window`, for sats-connect. */
interface BitcoinHandle {
  providerId: string
}

type SatsResult<T> = { status: 'success'; result: T } | { status: 'error'; error: { code?: number; message?: string } }

const providerIdOf = (c: Connector) => (c.handle as BitcoinHandle | undefined)?.providerId ?? ''
const satsConnect = () => import('sats-connect')

async function call<T>(connector: Connector, method: string, params: unknown, fallback: 'CONNECT_FAILED' | 'RPC_ERROR'): Promise<T> {
  let r: SatsResult<T>
  try {
    const { request } = await satsConnect()
    r = (await request(method as never, params as never, providerIdOf(connector))) as unknown as SatsResult<T>
  } catch (err) {
    throw new WalletModalError(fallback, { details: err instanceof Error ? err.message : String(err), cause: err })
  }
  if (r.status === 'success') return r.result
  throw new WalletModalError(r.error?.code === USER_REJECTION ? 'USER_REJECTED' : fallback, { details: r.error?.message, cause: r.error })
}

/**
 * The network the wallet is on: asked with `wallet_getNetwork`, else read from the payment
 * address. Spec §5: a Bitcoin connector must support one of the site's Bitcoin networks.
 */
async function walletNetwork(connector: Connector, payment: string, networks: readonly CaipNetwork[]): Promise<CaipNetwork> {
  let id: string | undefined
  try {
    const r = await call<{ bitcoin?: { name?: string } }>(connector, 'wallet_getNetwork', null, 'RPC_ERROR')
    id = bitcoinNetworkId(r?.bitcoin?.name)
  } catch {
    // Older wallets lack wallet_getNetwork: the address prefix tells the network family.
  }
  id ??= bitcoinNetworkOfAddress(payment)
  const network = networks.find(n => n.caipNetworkId === id)
  if (!network) throw new WalletModalError('CONNECTOR_CHAINS_UNSUPPORTED', { details: `${connector.name} is on ${id ?? 'an unknown network'}` })
  return network
}

async function connectWith(connector: Connector, networks: readonly CaipNetwork[], method: string, params: unknown): Promise<AdapterConnection> {
  const accounts = toBitcoinAccounts(await call<unknown>(connector, method, params, 'CONNECT_FAILED'))
  const payment = accounts.find(a => a.type === 'payment') ?? accounts[0]
  if (!payment) throw new WalletModalError('CONNECT_FAILED', { details: 'the wallet returned no Bitcoin account' })
  return { address: payment.address, network: await walletNetwork(connector, payment.address, networks), accounts }
}

/** The bip122 adapter: Bitcoin wallets listed in `window.btc_providers` (or Xverse's global), via sats-connect. */
export function createBitcoinAdapter({ options }: AdapterContext): ChainAdapter {
  const siteName = () => options().metadata.name
  return {
    namespace: 'bip122',

    watch: add => watchBitcoinWallets(add),

    connect: (connector, networks) =>
      connectWith(connector, networks, 'getAccounts', { purposes: ['payment', 'ordinals'], message: `Connect to ${siteName()}` }),

    async reconnect(connector, networks) {
      try {
        // wallet_getAccount answers without a prompt for a site that already has permission.
        return await connectWith(connector, networks, 'wallet_getAccount', null)
      } catch (err) {
        console.warn('[wallet-modal] Bitcoin reconnect failed', err)
        return undefined
      }
    },

    async disconnect(connector) {
      await call(connector, 'wallet_renouncePermissions', null, 'RPC_ERROR').catch(() => {})
    },

    async getBalance() {
      return undefined
    },

    listen(connector, listeners) {
      const offs: (() => void)[] = []
      let stopped = false
      void satsConnect().then(({ addListener }) => {
        if (stopped) return
        try {
          offs.push(
            addListener(
              { eventName: 'accountChange', cb: () => listeners.onAccountsChanged([]) } as never,
              providerIdOf(connector) as never
            ) as unknown as () => void
          )
          offs.push(
            addListener({ eventName: 'disconnect', cb: () => listeners.onDisconnect() } as never, providerIdOf(connector) as never) as unknown as () => void
          )
        } catch {
          // Wallets without events: the modal keeps the account until the user disconnects.
        }
      })
      return () => {
        stopped = true
        offs.forEach(off => typeof off === 'function' && off())
      }
    },

    async signMessage(connector, address, message) {
      const r = await call<{ signature?: string }>(connector, 'signMessage', { address, message }, 'RPC_ERROR')
      if (typeof r?.signature !== 'string') throw new WalletModalError('RPC_ERROR', { details: 'signMessage: no signature' })
      return r.signature
    }
  }
}

import type { Core } from '../core/Core.js'
import { WalletModalError, toWalletModalError } from '../errors/WalletModalError.js'
import type { Identity, TokenBalance } from '../api/schemas.js'
import { CACHE_MS } from '../controllers/BlockchainApiController.js'
import { STORAGE_KEYS } from '../utils/storage.js'
import { namespaceSupports } from '../adapters/namespaces.js'
import { warnUnlessDestroyed } from '../utils/warnUnlessDestroyed.js'
import { isAuthConnectorId } from '../adapters/embedded/constants.js'
import type { CaipNetwork } from '../types/network.js'
import { isServedNetwork } from './isServedNetwork.js'

const isBalances = (v: unknown): v is TokenBalance[] => Array.isArray(v)
const isIdentity = (v: unknown): v is Identity => !!v && typeof v === 'object' && 'name' in v && 'avatar' in v

/**
 * Fetches the active account's token balances (spec §4): for the embedded wallet, from the wallet
 * itself when it offers asset discovery (`wallet_getAssets`); otherwise from the blockchain data
 * API, or, for a site without one that lists `tokens`, from the network's own RPC
 * (`rpcBalances.ts`: the native coin and the listed tokens, no USD values). Skipped without either, when disconnected, or when
 * the service does not support the network; served from the 30 s portfolio cache unless forced; a
 * failure shows 'Token Balance Unavailable' and blocks retries for 30 s.
 */
export async function fetchTokenBalances(core: Core, opts: { force?: boolean; now?: () => number } = {}): Promise<void> {
  const api = await core.loadServices()
  const now = opts.now ?? Date.now
  const ns = core.chain.state.activeNamespace
  const { account, network } = core.chain.state.namespaces[ns]
  const caipNetwork = network.caipNetwork
  const caipNetworkId = caipNetwork?.caipNetworkId
  // Without a data API, the site's `tokens` turn the reads from the network's RPC on.
  const fromRpc = !api && core.options.state.tokens !== undefined
  // Spec §9: balances on eip155 and solana only (Bitcoin shows addresses, no portfolio).
  if (
    (!api && !fromRpc) ||
    !namespaceSupports(ns, 'balances') ||
    account.status !== 'connected' ||
    !account.address ||
    !account.caipAddress ||
    !caipNetworkId
  ) {
    core.blockchainApi.clearBalances()
    return
  }
  // Read from the network's own RPC, only the site's listing matters; the service also has its list.
  if (api ? !isServedNetwork(core, ns) : !core.chain.isNetworkSupported(ns)) {
    core.blockchainApi.clearBalances()
    core.blockchainApi.setBalancesError(new WalletModalError('BALANCE_UNAVAILABLE').shortMessage, now())
    return
  }
  const key = STORAGE_KEYS.portfolio(account.caipAddress)
  if (!opts.force) {
    const cached = core.storage.get(key, isBalances, CACHE_MS.portfolio)
    if (cached) {
      core.blockchainApi.setBalances(account.caipAddress, cached)
      return
    }
  }
  if (now() < core.blockchainApi.state.retryBlockedUntil) return
  const caipAddress = account.caipAddress
  const address = account.address
  core.blockchainApi.setBalancesLoading(caipAddress)
  try {
    // Spec §7: the embedded wallet's own asset discovery where it offers it (EIP-7811), else the service.
    const fromWallet = isAuthConnectorId(account.connectorId) ? await embeddedWalletAssets(core, account.connectorId!, caipNetwork!, address) : undefined
    const balances: TokenBalance[] =
      fromWallet ??
      (api
        ? await api.getBalances(address, caipNetworkId, opts.force ? String(now()) : undefined)
        : await import('./rpcBalances.js').then(m => m.fetchRpcBalances(core, ns, caipNetwork!, address)))
    if (core.chain.state.namespaces[ns].account.caipAddress !== caipAddress) return
    core.storage.set(key, balances)
    core.blockchainApi.setBalances(caipAddress, balances)
  } catch (err) {
    warnUnlessDestroyed(core, 'token balances failed', toWalletModalError(err, 'NETWORK_ERROR'))
    const e = new WalletModalError('BALANCE_UNAVAILABLE', { cause: err })
    core.blockchainApi.setBalancesError(e.shortMessage, now())
    core.snack.showError(e)
  }
}

/**
 * The embedded wallet's assets (`wallet_getAssets`), or undefined when it does not offer asset
 * discovery on `network`. Only its EIP-1193 connector has a provider to ask (its Wallet Standard
 * one, on Solana, has none: the service answers there).
 */
async function embeddedWalletAssets(core: Core, connectorId: string, network: CaipNetwork, address: string): Promise<TokenBalance[] | undefined> {
  const provider = core.connector.get(connectorId)?.provider
  if (!provider) return undefined
  const { walletAssetBalances } = await import('../adapters/embedded/walletAssetBalances.js')
  return walletAssetBalances(provider, network, address)
}

/**
 * Fetches the identity (name, avatar) of the active address and its name-service name (the
 * reverse lookup, which Account shows first), each cached 5 minutes. Failures show nothing.
 * Skipped, like balances, when the active network is one the service does not serve
 * ({@link isServedNetwork}).
 */
export async function fetchIdentity(core: Core): Promise<void> {
  const api = await core.loadServices()
  const ns = core.chain.state.activeNamespace
  const address = core.chain.activeAccount().address
  // Identities are name-service data (spec §9: names on eip155 only).
  if (!api || !address || !namespaceSupports(ns, 'names') || !isServedNetwork(core, ns)) {
    core.blockchainApi.setIdentity(undefined, undefined)
    core.blockchainApi.setProfileName(undefined, undefined)
    return
  }
  await Promise.all([import('./profileName.js').then(m => m.fetchProfileName(core, address)), fetchIdentityOf(core, address, api)])
}

/** The identity service's part of {@link fetchIdentity}. */
async function fetchIdentityOf(core: Core, address: string, api: NonNullable<Awaited<ReturnType<Core['loadServices']>>>): Promise<void> {
  const key = STORAGE_KEYS.identity(address)
  const cached = core.storage.get(key, isIdentity, CACHE_MS.identity)
  if (cached) {
    core.blockchainApi.setIdentity(address, cached)
    return
  }
  try {
    // The connected account asks about itself: it is also the sender (spec §7).
    const identity = await api.getIdentity(address, { sender: address })
    core.storage.set(key, identity)
    if (core.chain.activeAccount().address === address) core.blockchainApi.setIdentity(address, identity)
  } catch (err) {
    warnUnlessDestroyed(core, 'identity lookup failed', err)
  }
}

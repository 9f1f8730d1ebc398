import type { Core } from '../createCore.js'
import { WalletModalError, toWalletModalError } from '../errors/WalletModalError.js'
import type { Identity, TokenBalance } from '../api/schemas.js'
import { CACHE_MS } from '../controllers/BlockchainApiController.js'
import { STORAGE_KEYS } from '../utils/storage.js'
import { namespaceSupports } from '../adapters/namespaces.js'
import { warnUnlessDestroyed } from '../utils/warnUnlessDestroyed.js'

const isBalances = (v: unknown): v is TokenBalance[] => Array.isArray(v)
const isIdentity = (v: unknown): v is Identity => !!v && typeof v === 'object' && 'name' in v && 'avatar' in v

/**
 * Fetches the active account's token balances (spec §4) from the blockchain data API, or, for a
 * site without one that lists `tokens`, from the network's own RPC (`rpcBalances.ts`: the native
 * coin and the listed tokens, no USD values). Skipped without either, when disconnected, or when
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
  if ((!api && !fromRpc) || !namespaceSupports(ns, 'balances') || account.status !== 'connected' || !account.address || !account.caipAddress || !caipNetworkId) {
    core.blockchainApi.clearBalances()
    return
  }
  const supported = core.blockchainApi.state.supportedChains
  if (!core.chain.isNetworkSupported(ns) || (api && supported && !supported.includes(caipNetworkId))) {
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
    const balances = api
      ? await api.getBalances(address, caipNetworkId, opts.force ? String(now()) : undefined)
      : await import('./rpcBalances.js').then(m => m.fetchRpcBalances(core, ns, caipNetwork!, address))
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
 * Fetches the identity (name, avatar) of the active address and its name-service name (the
 * reverse lookup, which Account shows first), each cached 5 minutes. Failures show nothing.
 */
export async function fetchIdentity(core: Core): Promise<void> {
  const api = await core.loadServices()
  const address = core.chain.activeAccount().address
  // Identities are name-service data (spec §9: names on eip155 only).
  if (!api || !address || !namespaceSupports(core.chain.state.activeNamespace, 'names')) {
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

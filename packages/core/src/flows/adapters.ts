import type { Core } from '../core/Core.js'
import type { ChainAdapter } from '../adapters/ChainAdapter.js'
import { ADAPTERS } from '../adapters/registry.js'
import { WALLET_CONNECT_NAMESPACE } from '../adapters/walletconnect/connectorId.js'
import { WalletModalError } from '../errors/WalletModalError.js'
import { WIRED_NAMESPACES, type WiredNamespace } from '../types/network.js'

/** Whether the site enabled a namespace's adapter (option `adapters`; default all). */
export const adapterEnabled = (core: Core, ns: WiredNamespace): boolean => core.options.state.adapters.includes(ns)

/** Namespaces the site wants wallets for: enabled adapters whose namespace the site lists networks of. */
export function siteNamespaces(core: Core): WiredNamespace[] {
  const o = core.options.state
  return WIRED_NAMESPACES.filter(ns => adapterEnabled(core, ns) && o.networks.some(n => n.chainNamespace === ns))
}

/**
 * Whether the modal may use a namespace's adapter at all: the site enabled its browser wallets,
 * or a phone wallet can pair there (universal-provider mode, `adapters: []`, still connects
 * WalletConnect sessions, and the session's account then needs its namespace's code). The
 * sessions' namespace comes from the WalletConnect module, not the registry's table (its
 * `pairedWallets` flag says the same): that table is not in the first chunk.
 */
const adapterUsable = (core: Core, ns: WiredNamespace): boolean =>
  adapterEnabled(core, ns) || (core.options.state.enableWalletConnect !== false && ns === WALLET_CONNECT_NAMESPACE)

/**
 * The adapter of a namespace, made once per core (loading its chunk the first time).
 * @param browserWallets - for the browser's own wallets (discovery, extensions), which only the site's `adapters` enable
 * @throws WalletModalError 'Adapter not found' when the site disabled that namespace and (unless `browserWallets`) no phone wallet can pair there
 */
export function adapterOf(core: Core, ns: WiredNamespace, browserWallets?: boolean): Promise<ChainAdapter> {
  if (!(browserWallets ? adapterEnabled(core, ns) : adapterUsable(core, ns))) return Promise.reject(new WalletModalError('ADAPTER_NOT_FOUND', { details: ns }))
  const made = core.runtime.adapters
  if (!made[ns]) {
    const p = Promise.resolve(ADAPTERS[ns].load(core.adapterContext))
    made[ns] = p
    // A chunk that failed to load is tried again next time.
    p.catch(() => {
      if (made[ns] === p) delete made[ns]
    })
  }
  return made[ns]
}

function watch(core: Core, ns: WiredNamespace, adapter: ChainAdapter): void {
  // An adapter that finished loading after destroy() starts no discovery.
  if (core.runtime.lifetime.signal.aborted) return
  core.runtime.stopDiscovery.push(adapter.watch(core.runtime.addConnector, core.options.networksOf(ns), id => core.connector.remove(id)))
}

/**
 * Starts wallet discovery (once per namespace and core): `start` for the first-chunk adapters
 * (synchronously, so their wallets are listed as the core starts), `idle` for the others the
 * site lists networks of. Wallet Standard wallets re-register when asked, EIP-6963 wallets answer
 * a request, Bitcoin wallets are globals: starting late loses none.
 * @returns a promise that resolves once every discovery started (a failed one is logged)
 */
export function startDiscovery(core: Core, when: 'start' | 'idle'): Promise<void> {
  const wanted = when === 'start' ? WIRED_NAMESPACES.filter(ns => adapterEnabled(core, ns)) : siteNamespaces(core)
  const started: Promise<void>[] = []
  for (const ns of wanted) {
    if (ADAPTERS[ns].discovery !== when || core.runtime.discovering.has(ns)) continue
    core.runtime.discovering.add(ns)
    const existing = core.runtime.adapters[ns]
    const made = existing ?? ADAPTERS[ns].load(core.adapterContext)
    if (made instanceof Promise) {
      core.runtime.adapters[ns] = made
      started.push(made.then(adapter => watch(core, ns, adapter)).catch(err => console.warn(`[wallet-modal] ${ns} wallet discovery failed`, err)))
    } else {
      core.runtime.adapters[ns] = Promise.resolve(made)
      watch(core, ns, made)
    }
  }
  return Promise.all(started).then(() => undefined)
}

/**
 * Makes sure the namespace's wallets are being looked for (a stored connection restored before
 * the page went idle, or the modal needing them early), and resolves its adapter.
 */
export async function discoveredAdapter(core: Core, ns: WiredNamespace): Promise<ChainAdapter> {
  // Browser wallets only where the site enabled them: a namespace usable just for phone wallets
  // (universal-provider mode) never starts discovery nor restores an extension.
  const adapter = await adapterOf(core, ns, true)
  if (!core.runtime.discovering.has(ns)) {
    core.runtime.discovering.add(ns)
    watch(core, ns, adapter)
  }
  return adapter
}

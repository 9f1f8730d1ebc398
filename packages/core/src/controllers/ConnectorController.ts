import { proxy, ref } from 'valtio/vanilla'
import type { Connector } from '../types/connector.js'
import type { ExcludedWallet } from '../types/options.js'
import type { WiredNamespace } from '../types/network.js'

/** Name of the generic injected connector when the wallet cannot be identified. */
export const BROWSER_WALLET_NAME = 'Browser Wallet'

/** Connector state: every connector found, in discovery order, and the namespace filter. */
export interface ConnectorState {
  connectors: Connector[]
  /** Only these namespaces' wallets are offered (spec §4: all by default). */
  namespaceFilter?: WiredNamespace[]
}

/**
 * Spec §4: same-name connectors on different namespaces become one multi-chain entry holding each
 * (AUTH type if the first is the auth connector); the entry keeps the first one's place.
 */
export function mergeMultiChain(connectors: readonly Connector[]): Connector[] {
  const out: Connector[] = []
  for (const c of connectors) {
    const same = out.findIndex(o => o.name.toLowerCase() === c.name.toLowerCase() && o.type !== 'WALLET_CONNECT' && c.type !== 'WALLET_CONNECT')
    if (same < 0) {
      out.push(c)
      continue
    }
    const first = out[same]!
    const members = first.connectors ?? [first]
    if (members.some(m => m.chain === c.chain)) continue
    out[same] = {
      id: `multi:${first.name.toLowerCase()}`,
      name: first.name,
      type: members[0]!.type === 'AUTH' ? 'AUTH' : 'MULTI_CHAIN',
      chain: members[0]!.chain,
      imageUrl: first.imageUrl ?? c.imageUrl,
      info: first.info,
      connectors: [...members, c]
    }
  }
  return out
}

/** Spec §4: 'Trust Wallet' is shown as 'Trust'. */
export function normalizeWalletName(name: string): string {
  return name === 'Trust Wallet' ? 'Trust' : name
}

/** Spec §5: a wallet is excluded when its rdns or its name (case-insensitive) is listed. */
export function isExcluded(connector: Pick<Connector, 'name' | 'info'>, excluded: readonly ExcludedWallet[]): boolean {
  const rdns = connector.info?.rdns?.toLowerCase()
  const name = connector.name.toLowerCase()
  return excluded.some(e => (e.rdns && e.rdns.toLowerCase() === rdns) || (e.name && e.name.toLowerCase() === name))
}

/**
 * Spec §5: the generic Browser Wallet connector is hidden on desktop, and on mobile when it has
 * no rdns and no wallet is installed. Other connectors always show.
 */
export function showsConnector(connector: Connector, env: { mobile: boolean; injectedInstalled: boolean }): boolean {
  if (connector.type !== 'INJECTED' || connector.name !== BROWSER_WALLET_NAME) return true
  if (!env.mobile) return false
  return !!connector.info?.rdns || env.injectedInstalled
}

/** The connectors the modal can offer. */
export function createConnectorController() {
  const state = proxy<ConnectorState>({ connectors: [], namespaceFilter: undefined })
  return {
    state,
    /** Adds a connector, replacing one with the same id (a wallet announcing twice). */
    add(connector: Connector): void {
      const kept: Connector = { ...connector, name: normalizeWalletName(connector.name) }
      if (kept.provider) kept.provider = ref(kept.provider)
      if (kept.handle && typeof kept.handle === 'object') kept.handle = ref(kept.handle)
      const i = state.connectors.findIndex(c => c.id === kept.id)
      // A wallet announcing again keeps what the directory said of it.
      const before = i >= 0 ? state.connectors[i] : undefined
      if (before?.explorerId && !kept.explorerId) kept.explorerId = before.explorerId
      if (before?.imageId && !kept.imageId) kept.imageId = before.imageId
      if (i >= 0) state.connectors[i] = kept
      else state.connectors.push(kept)
    },
    remove(id: string): void {
      const i = state.connectors.findIndex(c => c.id === id)
      if (i >= 0) state.connectors.splice(i, 1)
    },
    get(id: string): Connector | undefined {
      return state.connectors.find(c => c.id === id)
    },
    /** Offers only these namespaces' wallets (undefined: all). */
    setNamespaceFilter(namespaces: WiredNamespace[] | undefined): void {
      state.namespaceFilter = namespaces ? [...namespaces] : undefined
    },
    /**
     * The connectors to show: exclusions, the Browser Wallet rule, the namespace filter (and
     * `only`, e.g. the namespace SwitchActiveChain connects), then multi-chain merging.
     */
    visible(excluded: readonly ExcludedWallet[], env: { mobile: boolean; injectedInstalled: boolean }, only?: WiredNamespace): Connector[] {
      const filter = state.namespaceFilter
      return mergeMultiChain(
        state.connectors.filter(c => !isExcluded(c, excluded) && showsConnector(c, env) && (!filter || filter.includes(c.chain)) && (!only || c.chain === only))
      )
    }
  }
}

/** The connector controller's type. */
export type ConnectorController = ReturnType<typeof createConnectorController>

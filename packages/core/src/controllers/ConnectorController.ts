import { proxy, ref } from 'valtio/vanilla'
import type { Connector } from '../types/connector.js'
import type { ExcludedWallet } from './OptionsController.js'

/** Name of the generic injected connector when the wallet cannot be identified. */
export const BROWSER_WALLET_NAME = 'Browser Wallet'

/** Connector state: every connector found, in discovery order. */
export interface ConnectorState {
  connectors: Connector[]
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
  const state = proxy<ConnectorState>({ connectors: [] })
  return {
    state,
    /** Adds a connector, replacing one with the same id (a wallet announcing twice). */
    add(connector: Connector): void {
      const kept: Connector = { ...connector, name: normalizeWalletName(connector.name) }
      if (kept.provider) kept.provider = ref(kept.provider)
      const i = state.connectors.findIndex(c => c.id === kept.id)
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
    /** The connectors to show, after exclusions and the Browser Wallet rule. */
    visible(excluded: readonly ExcludedWallet[], env: { mobile: boolean; injectedInstalled: boolean }): Connector[] {
      return state.connectors.filter(c => !isExcluded(c, excluded) && showsConnector(c, env))
    }
  }
}

/** The connector controller's type. */
export type ConnectorController = ReturnType<typeof createConnectorController>

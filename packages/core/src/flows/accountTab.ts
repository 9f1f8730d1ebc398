import type { Core } from '../core/Core.js'
import type { WiredNamespace } from '../types/network.js'

/**
 * Account's tabs, at the index the account state's `currentTab` holds (spec §3): 0 tokens,
 * 1 activity.
 */
export const ACCOUNT_TABS = ['tokens', 'activity'] as const

/** One of {@link ACCOUNT_TABS}. */
export type AccountTab = (typeof ACCOUNT_TABS)[number]

/**
 * Chooses the tab Account shows on a namespace (the active one by default). It is account state:
 * it stays while the modal is closed and goes back to Tokens on disconnect.
 *
 * @example
 * selectAccountTab(core, 'activity')
 * core.chain.activeAccount().currentTab // 1
 */
export function selectAccountTab(core: Core, tab: AccountTab, ns: WiredNamespace = core.chain.state.activeNamespace): void {
  core.chain.setAccount(ns, { currentTab: ACCOUNT_TABS.indexOf(tab) })
}

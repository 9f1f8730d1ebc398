import type { Core } from '../core/Core.js'
import type { WiredNamespace } from '../types/network.js'
import { namespaceSupports } from '../adapters/namespaces.js'
import { onrampRestricted } from '../utils/onrampRegion.js'

/** The wallet features of Account, in spec §2's default order. */
export const DEFAULT_WALLET_FEATURES_ORDER = ['onramp', 'swaps', 'receive', 'send'] as const

/** One wallet feature of Account. */
export type WalletFeature = (typeof DEFAULT_WALLET_FEATURES_ORDER)[number]

/** Features that have a view in this release. */
const BUILT: readonly WalletFeature[] = ['onramp', 'swaps', 'receive', 'send']

/**
 * The wallet features Account shows, in order (spec §2): the site's `features.walletFeaturesOrder`
 * first (unknown names dropped, duplicates once), then the rest in the default order; only those
 * that are enabled, built, and work on the active namespace.
 *
 * @param configured - `features.walletFeaturesOrder` as the site gave it.
 * @param isEnabled - Whether a feature is switched on (local or remote configuration).
 * @param namespace - The active namespace.
 */
export function walletFeaturesOrder(configured: unknown, isEnabled: (id: WalletFeature) => boolean, namespace: WiredNamespace): WalletFeature[] {
  const known = (f: unknown): f is WalletFeature => (DEFAULT_WALLET_FEATURES_ORDER as readonly unknown[]).includes(f)
  const first = Array.isArray(configured) ? configured.filter(known) : []
  return [...new Set([...first, ...DEFAULT_WALLET_FEATURES_ORDER])].filter(f => BUILT.includes(f) && isEnabled(f) && namespaceSupports(namespace, f))
}

/**
 * Whether a wallet feature is switched on for this site (local or remote configuration). Swaps
 * and the on-ramp also need the site's services (quotes, transactions and checkouts come from its
 * blockchain data API); the on-ramp is not offered in the regions of spec §9 (by time zone).
 *
 * @param core - The modal's core.
 * @param id - The feature.
 */
export function walletFeatureEnabled(core: Core, id: WalletFeature): boolean {
  if (!core.options.isEnabled(id)) return false
  if (id === 'swaps') return core.hasServices
  if (id === 'onramp') return core.hasServices && !onrampRestricted()
  return true
}

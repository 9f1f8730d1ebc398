import type { Core } from '../core/Core.js'
import type { Wallet } from '../api/schemas.js'
import type { Connector } from '../types/connector.js'
import { safeImageUrl } from '../utils/image.js'
import { WIRED_NAMESPACES } from '../types/network.js'
import { namespaceSupports } from '../adapters/namespaces.js'
import { CUSTOM_WALLETS } from '../core/featureKeys.js'

const text = (value: unknown, max: number): value is string => typeof value === 'string' && value.length > 0 && value.length <= max
const optionalText = (value: unknown, max: number): boolean => value === undefined || value === null || (typeof value === 'string' && value.length <= max)
const LINKS = ['mobile_link', 'desktop_link', 'webapp_link', 'homepage'] as const

/**
 * The site's `customWallets` (spec §5: wallets not in the directory, with their links and image),
 * checked once per core: each needs an `id` and a `name`; its image must be `https:` or a
 * `data:image/` URL (else it shows without one) and its links strings (they are offered only as
 * the WalletConnect views offer any wallet's links, by allow-list). A malformed entry is left
 * out with a console warning naming it; the rest show. Kept in the core's CUSTOM_WALLETS slot, which
 * Connect reads (so Connect loads this code only on sites that have custom wallets).
 *
 * @param core - The modal's core.
 */
export function customWalletsOf(core: Core): Wallet[] {
  let wallets = core.runtime.slots.get(CUSTOM_WALLETS)
  if (wallets) return wallets
  wallets = []
  for (const entry of core.options.state.customWallets ?? []) {
    const w = entry as Partial<Wallet> | undefined
    if (!w || !text(w.id, 200) || !text(w.name, 100) || !optionalText(w.rdns, 200) || LINKS.some(l => !optionalText(w[l], 2000))) {
      console.warn('[wallet-modal] customWallets: an entry needs an id and a name, and string links; left out:', entry)
      continue
    }
    wallets.push({
      ...w,
      id: w.id,
      name: w.name,
      chains: Array.isArray(w.chains) ? w.chains.filter(c => typeof c === 'string') : [],
      image_id: null,
      image_url: safeImageUrl(w.image_url) ?? null
    })
  }
  core.runtime.slots.set(CUSTOM_WALLETS, wallets)
  return wallets
}

/**
 * Adds the site's own `connectors` (spec §5 external: any EIP-1193 provider with a name and an
 * icon, e.g. a vendor SDK's) to the modal, as `EXTERNAL` connectors (on the namespace whose wallets
 * are EIP-1193 providers, in the registry) listed in Connect's
 * external group. Each needs an `id`, a `name` and a provider with `request`; its icon must be
 * `https:` or a `data:image/` URL. A malformed one is left out with a console warning.
 *
 * @param core - The modal's core.
 */
export function addSiteConnectors(core: Core): void {
  const chain = WIRED_NAMESPACES.find(ns => namespaceSupports(ns, 'siteWallets'))
  if (!chain) return
  for (const site of core.options.state.connectors ?? []) {
    if (!site || !text(site.id, 200) || !text(site.name, 100) || typeof site.provider?.request !== 'function') {
      console.warn('[wallet-modal] connectors: each needs an id, a name and an EIP-1193 provider; left out:', site?.id ?? site)
      continue
    }
    const connector: Connector = { id: site.id, name: site.name, type: 'EXTERNAL', chain, imageUrl: safeImageUrl(site.imageUrl), provider: site.provider }
    if (text(site.rdns, 200)) connector.info = { rdns: site.rdns }
    core.runtime.addConnector(connector)
  }
}

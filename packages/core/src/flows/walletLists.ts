import type { Core } from '../core/Core.js'
import { toWalletModalError } from '../errors/WalletModalError.js'
import type { Wallet } from '../api/schemas.js'
import { FEATURED_DEFAULT, RECOMMENDED_ENTRIES, SEARCH_ENTRIES, WALLETS_PAGE_SIZE } from '../controllers/ApiController.js'
import { isExcluded } from '../controllers/ConnectorController.js'
import { isMobile } from '../utils/platform.js'
import { safeImageUrl } from '../utils/image.js'
import { serviceUrl } from '../api/sdk.js'
import { prefetchImagesOnce, preloadImage } from './networkImages.js'
import { NAMESPACE_INFO } from '../adapters/namespaces.js'
import { directoryProblemOf } from './directoryProblemOf.js'

/**
 * Whether a wallet without a mobile link stays listed on a phone (spec §5): Coinbase always;
 * the active namespace's own (Solflare and Phantom on Solana: the registry's `mobileWithoutLink`).
 */
function keptOnMobile(core: Core, wallet: Wallet): boolean {
  const name = wallet.name.toLowerCase()
  if (name.includes('coinbase')) return true
  return !!NAMESPACE_INFO[core.chain.state.activeNamespace].mobileWithoutLink?.some(w => name.includes(w))
}

/**
 * The namespaces the lists are filtered by: those of the site's networks (spec §4: the namespace
 * filter). A wallet is listed when it supports any chain of one of them.
 */
function siteChains(core: Core): string[] {
  const filter = core.connector.state.namespaceFilter
  const networks = core.options.state.networks.filter(n => !filter || filter.includes(n.chainNamespace))
  // The public registry filters by CAIP-2 ids only (walletconnect-specs: `chains=eip155:1,…`);
  // a wallet-modal directory also takes namespaces, which keep wallets listed on a test network.
  if (core.options.state.directory.public) return [...new Set(networks.map(n => n.caipNetworkId))]
  return [...new Set(networks.map(n => n.chainNamespace))]
}

/** Records a failed directory call: its short message for the lists, its kind for Connect. */
function failed(core: Core, err: unknown): void {
  core.api.setError(toWalletModalError(err, 'NETWORK_ERROR').shortMessage, directoryProblemOf(err))
}

/** A wallet that only exists as a browser extension: nothing to open, nothing to pair with. */
export function isExtensionOnly(wallet: Pick<Wallet, 'rdns' | 'mobile_link' | 'desktop_link' | 'webapp_link'>): boolean {
  return !!wallet.rdns && !wallet.mobile_link && !wallet.desktop_link && !wallet.webapp_link
}

/**
 * Client-side rules the service cannot know: exclusions by rdns or name, the mobile rule (only
 * wallets a phone can open, see {@link keptOnMobile} for the exceptions), and (universal-provider
 * mode, no adapters) no extension-only wallets (spec §5). Applied to each page as it arrives, so
 * the lists in state are already the spec's "filteredWallets": an unfiltered copy would never be
 * shown (docs/SPEC-COVERAGE.md row 3.33).
 */
export function filterWallets(core: Core, wallets: Wallet[]): Wallet[] {
  const excluded = core.options.state.excludedWallets
  const mobile = isMobile()
  const universal = core.options.state.adapters.length === 0
  return wallets.filter(w => {
    if (isExcluded({ name: w.name, info: { rdns: w.rdns ?? undefined } }, excluded)) return false
    if (universal && isExtensionOnly(w)) return false
    if (mobile && !w.mobile_link && !keptOnMobile(core, w)) return false
    return true
  })
}

/** The URL of a directory wallet's image, only from the directory (or a data: URL). */
export function walletImageUrl(core: Core, wallet: Wallet): string | undefined {
  const directory = core.options.state.directory.url
  if (wallet.image_id) return serviceUrl(directory, `getWalletImage/${encodeURIComponent(wallet.image_id)}`, core.options.state.projectId).href
  // A site's own (custom) wallet brings its image.
  return safeImageUrl(wallet.image_url, [new URL(directory).origin])
}

/** Loads wallet images into the browser cache (each at most 2 s), so lists show them at once. */
function preloadImages(core: Core, wallets: readonly Wallet[]): void {
  if (typeof Image === 'undefined' || core.runtime.imagesPreloaded) return
  core.runtime.imagesPreloaded = true
  for (const w of wallets) {
    const src = walletImageUrl(core, w)
    if (src) preloadImage(core, src)
  }
}

/**
 * Featured wallets (the site's ids, in its order; the first 4 listable ones are shown, spec §9
 * "featured default 4") and recommended wallets (4, excluding the featured shown) for Connect.
 */
export async function fetchFeaturedAndRecommended(core: Core): Promise<void> {
  const api = await core.loadDirectory()
  const o = core.options.state
  try {
    const featuredIds = o.featuredWalletIds
    // All the site's ids are asked for: some may not be listable here (mobile rule, exclusions).
    const listable = featuredIds.length
      ? filterWallets(core, (await api.getWallets({ page: 1, entries: featuredIds.length, include: featuredIds, chains: siteChains(core) })).data)
      : []
    // Keep the site's order of featured ids.
    listable.sort((a, b) => featuredIds.indexOf(a.id) - featuredIds.indexOf(b.id))
    const featured = listable.slice(0, FEATURED_DEFAULT)
    core.api.setFeatured(featured)
    const rec = await api.getWallets({
      page: 1,
      entries: RECOMMENDED_ENTRIES,
      include: o.includeWalletIds,
      exclude: [...o.excludeWalletIds, ...featured.map(w => w.id)],
      chains: siteChains(core)
    })
    core.api.setRecommended(filterWallets(core, rec.data), rec.count + featured.length)
    linkDirectory(core, [...listable, ...rec.data])
    core.api.setError(undefined)
    preloadImages(core, [...featured, ...rec.data])
  } catch (err) {
    failed(core, err)
  }
}

/**
 * Connect is showing: a wallet whose provider must load code before it can open its popup (the
 * Coinbase SDK) loads it now, so the popup the click opens is not blocked for lack of the click's
 * user activation.
 */
export function warmConnectors(core: Core): void {
  for (const c of core.connector.state.connectors) (c.provider as { preload?: () => void } | undefined)?.preload?.()
}

/** Loads the next page of All Wallets (40 per page). */
export async function fetchNextWalletsPage(core: Core): Promise<void> {
  const api = await core.loadDirectory()
  if (core.api.state.loading || !core.api.hasMore()) return
  const o = core.options.state
  core.api.setLoading(true)
  try {
    const page = core.api.state.page + 1
    const r = await api.getWallets({ page, entries: WALLETS_PAGE_SIZE, include: o.includeWalletIds, exclude: o.excludeWalletIds, chains: siteChains(core) })
    core.api.addPage(page, filterWallets(core, r.data), r.count)
    linkDirectory(core, r.data)
    core.api.setError(undefined)
  } catch (err) {
    failed(core, err)
  } finally {
    core.api.setLoading(false)
  }
}

/** Searches the directory (100 entries); an empty query clears the search. Stale answers are dropped. */
export async function searchWallets(core: Core, query: string): Promise<void> {
  const api = await core.loadDirectory()
  const q = query.trim().slice(0, 100)
  if (!q) {
    core.api.setSearch('', [])
    return
  }
  const o = core.options.state
  core.api.setSearchLoading(true)
  core.api.setSearch(q, core.api.state.searchQuery === q ? core.api.state.search : [])
  try {
    const r = await api.getWallets({
      page: 1,
      entries: SEARCH_ENTRIES,
      search: q,
      include: o.includeWalletIds,
      exclude: o.excludeWalletIds,
      chains: siteChains(core)
    })
    if (core.api.state.searchQuery === q) core.api.setSearch(q, filterWallets(core, r.data))
    linkDirectory(core, r.data)
    core.api.setError(undefined)
  } catch (err) {
    if (core.api.state.searchQuery === q) failed(core, err)
  } finally {
    if (core.api.state.searchQuery === q) core.api.setSearchLoading(false)
  }
}

/** Prefetches featured and recommended wallets once per core (spec §4 prefetch). */
export async function prefetchWalletLists(core: Core): Promise<void> {
  if (core.runtime.prefetched) return
  core.runtime.prefetched = true
  // Network and connector images too, once (the directory wallets' come with their lists).
  prefetchImagesOnce(core)
  await fetchFeaturedAndRecommended(core)
}

/**
 * Links installed wallets to their directory entries (spec §3 Connector explorerId and imageId):
 * a connector whose rdns a listed wallet names gets that wallet's id and image id. Here, not in
 * the connector controller, so the first chunk does not carry it.
 */
export function linkDirectory(core: Core, wallets: readonly Pick<Wallet, 'id' | 'rdns' | 'image_id'>[]): void {
  for (const c of core.connector.state.connectors) {
    const rdns = c.info?.rdns?.toLowerCase()
    const w = rdns ? wallets.find(w => w.rdns?.toLowerCase() === rdns) : undefined
    if (!w) continue
    if (c.explorerId !== w.id) c.explorerId = w.id
    if (w.image_id && c.imageId !== w.image_id) c.imageId = w.image_id
  }
}

/** The installed connector a directory wallet stands for (same rdns), if any. */
export function installedConnectorFor(core: Core, wallet: Wallet) {
  const rdns = wallet.rdns?.toLowerCase()
  return rdns ? core.connector.state.connectors.find(c => c.info?.rdns?.toLowerCase() === rdns) : undefined
}

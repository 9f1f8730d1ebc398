import type { Core } from '../core/Core.js'
import type { CaipNetwork } from '../types/network.js'
import { serviceUrl } from '../api/sdk.js'
import { safeImageUrl } from '../utils/image.js'

/**
 * A network's image: the site's own (`assets.imageUrl`, https or `data:image/`), else the
 * directory's (`/public/getAssetImage/{assets.imageId or the CAIP-2 id}`, spec §7, which has one
 * for every network the server serves; the public registry only by `assets.imageId`), else none (the list shows the name's initial).
 *
 * @param core - The modal's core.
 * @param network - The network.
 */
export function networkImageUrl(core: Core, network: CaipNetwork | undefined): string | undefined {
  if (!network) return undefined
  const own = safeImageUrl(network.assets?.imageUrl)
  if (own) return own
  const directory = core.options.state.directory
  // The public registry names its network images by asset ids of its own (walletconnect-specs),
  // not by CAIP-2 ids: only a network that gives one (`assets.imageId`) has an image there.
  const id = network.assets?.imageId ?? (directory.public ? undefined : network.caipNetworkId)
  if (!id) return undefined
  return serviceUrl(directory.url, `public/getAssetImage/${encodeURIComponent(id)}`, core.options.state.projectId).href
}

const prefetched = new WeakSet<Core>()

/**
 * Loads the site's network images and the installed wallets' images into the browser's cache,
 * once per core (each at most 2 s), so Networks and Connect show them at once (spec §7: prefetch
 * once each). Images already inline (`data:`) need nothing.
 *
 * @param core - The modal's core.
 * @returns The URLs it started loading (for tests).
 */
export function prefetchImagesOnce(core: Core): string[] {
  if (typeof Image === 'undefined' || prefetched.has(core)) return []
  prefetched.add(core)
  const urls = [
    ...core.options.state.networks.map(n => networkImageUrl(core, n)),
    ...core.connector.state.connectors.map(c => safeImageUrl(c.imageUrl))
  ].filter((u): u is string => !!u && !u.startsWith('data:'))
  const unique = [...new Set(urls)]
  for (const src of unique) preloadImage(core, src)
  return unique
}

/** Loads one image into the browser's cache, giving up after 2 s (spec §9 image preload timeout). */
export function preloadImage(core: Core, src: string): void {
  const img = new Image()
  const cancel = core.runtime.lifetime.setTimeout(() => (img.src = ''), 2000, { runAtEnd: true })
  img.onload = img.onerror = () => cancel()
  img.src = src
}

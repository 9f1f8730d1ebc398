import type { Core } from '@wallet-modal/core/internal'

/**
 * Origins of the site's configured services: images from them are accepted even over http (a
 * self-hosted server on loopback); any other image must be https: or data:.
 */
export function serviceOrigins(core: Core): string[] {
  const s = core.options.state.services
  if (!s) return []
  return [...new Set([s.directoryUrl, s.blockchainApiUrl].map(u => new URL(u).origin))]
}

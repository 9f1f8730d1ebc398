import type { Core } from '@wallet-modal/core/internal'

/**
 * Origins of the site's services (and the wallet directory, the public registry's included): images from them are accepted even over http (a
 * self-hosted server on loopback); any other image must be https: or data:.
 */
export function serviceOrigins(core: Core): string[] {
  const s = core.options.state.services
  const urls = [core.options.state.directory.url, ...(s ? [s.blockchainApiUrl] : [])]
  return [...new Set(urls.map(u => new URL(u).origin))]
}

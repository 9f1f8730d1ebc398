/** Longest `data:` avatar passed on (the identity answer goes to every page that shows the name). */
export const MAX_DATA_AVATAR_LENGTH = 64 * 1024

/** Where the avatar URL forms point. */
export interface AvatarSources {
  /** `ipfs://` avatars: this gateway's prefix plus the CID and path. */
  ipfsGateway: string
  /** NFT avatars (`eip155:1/erc721:…`): this service's prefix plus the name; null: none. */
  nftAvatarService: string | null
}

/**
 * The image URL of an ENS `avatar` text record (ENSIP-12), or null when it has none a page can
 * load: `https:` as it is; `ipfs://` through the gateway; `data:image/…` (not SVG-as-HTML, not
 * over {@link MAX_DATA_AVATAR_LENGTH}); an NFT record through the avatar service by name (this
 * server never fetches a URL a name's owner chose: the token's metadata may point anywhere,
 * including hosts only this server can reach). `http:` and everything else: null.
 *
 * @param record - The `avatar` text record.
 * @param name - The (normalised) name, for the avatar service.
 * @param sources - Gateways.
 * @example
 * ```ts
 * ensAvatarUrl('ipfs://bafy…/a.png', 'alice.eth', { ipfsGateway: 'https://ipfs.io/ipfs/', nftAvatarService: null }) // 'https://ipfs.io/ipfs/bafy…/a.png'
 * ```
 */
export function ensAvatarUrl(record: string, name: string, sources: AvatarSources): string | null {
  const value = record.trim()
  if (/^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/i.test(value)) return value.length <= MAX_DATA_AVATAR_LENGTH ? value : null
  if (/^ipfs:\/\//i.test(value)) {
    const path = value.replace(/^ipfs:\/\/(ipfs\/)?/i, '')
    if (!/^[A-Za-z0-9]+(\/[\w.\-~%]*)*$/.test(path)) return null
    // No `..` (or `%2e%2e`) segment may climb out of the CID: the URL as a browser reads it must stay under it.
    const cid = path.split('/')[0]!
    const url = new URL(`${sources.ipfsGateway}${path}`)
    return url.pathname.startsWith(`${new URL(sources.ipfsGateway).pathname}${cid}`) ? url.href : null
  }
  if (/^eip155:\d+\/(erc721|erc1155):0x[0-9a-f]{40}\/\d+$/i.test(value))
    return sources.nftAvatarService ? `${sources.nftAvatarService}${encodeURIComponent(name)}` : null
  try {
    const url = new URL(value)
    return url.protocol === 'https:' && !url.username && !url.password ? url.href : null
  } catch {
    return null
  }
}

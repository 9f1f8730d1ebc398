import type { CaipNetwork } from '../types/network.js'

// https, or http on this machine's loopback (a devnet's explorer); nothing else becomes an href.
const SAFE_EXPLORER = /^(https:\/\/[^/?#\s]+|http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?)(\/[^?#\s]*)?$/

/**
 * The page of `address` on the network's block explorer (spec §3 `addressExplorerUrl`):
 * `{blockExplorers.default.url}/address/{address}`, the path Etherscan-style explorers, the Solana
 * explorer and mempool.space share. Undefined without an address, without an explorer, or when the
 * site's explorer URL is not https (http only on this machine's loopback): the link is the site's
 * string, and a `javascript:` or other scheme must never become an `href`.
 *
 * @param network - The account's current network.
 * @param address - The account's address.
 */
export function addressExplorerUrl(network: CaipNetwork | undefined, address: string | undefined): string | undefined {
  const base = network?.blockExplorers?.default?.url
  return base && address && SAFE_EXPLORER.test(base) ? `${base.replace(/\/+$/, '')}/address/${encodeURIComponent(address)}` : undefined
}

import { isAllowedWalletLink } from '@wallet-modal/wire'

/** A bare app name (`wallet` or `wallet:`) as `wallet://`, the form directories often give. */
const asLink = (value: string) => (/^[a-zA-Z][a-zA-Z0-9+.-]*:?$/.test(value) ? `${value.replace(/:$/, '')}://` : value)

/**
 * Checks a wallet link from the directory (remote data) against the shared allow-list
 * (`walletLinkProblem` of the wire contract, which the server's catalogue check applies too):
 * `https:` universal links and plain app schemes (`wallet://`) that are no operating-system or
 * browser handler pass; `javascript:`, `data:`, `intent:`, `itms-services:`, `search-ms:`, plain
 * http and the like never do, whatever their case or hidden characters. With `registered` (the
 * wallet's own `mobile_link` and `desktop_link`), an app scheme must be one of theirs. A bare app
 * name (`wallet` or `wallet:`) is read as `wallet://`.
 */
export function safeWalletLink(value: string | null | undefined, registered?: readonly (string | null | undefined)[]): URL | undefined {
  if (!value) return undefined
  const link = asLink(value)
  return isAllowedWalletLink(
    link,
    registered?.map(r => (r ? asLink(r) : r))
  )
    ? new URL(link)
    : undefined
}

/**
 * The link that opens a wallet with a pairing URI (spec §2, §3): an app scheme becomes
 * `scheme://wc?uri=<encoded>`, a universal link `https://host/path/wc?uri=<encoded>`.
 * Returns undefined for links that fail {@link safeWalletLink} (with `registered`, the wallet's
 * own registered links: the pairing goes to no other wallet's app).
 */
export function walletConnectLink(appLink: string | null | undefined, wcUri: string, registered?: readonly (string | null | undefined)[]): string | undefined {
  const url = safeWalletLink(appLink, registered)
  if (!url) return undefined
  const encoded = encodeURIComponent(wcUri)
  // The link's own query and fragment are dropped: kept, they would swallow `wc?uri=` (a `#`
  // before it turns the pairing URI into a fragment the wallet never reads).
  if (url.protocol === 'https:') {
    const base = `${url.origin}${url.pathname}`
    return `${base.endsWith('/') ? base : `${base}/`}wc?uri=${encoded}`
  }
  // App schemes: keep what the wallet gave (`metamask:` or `metamask://open`), always as `scheme://`.
  const scheme = url.protocol.slice(0, -1)
  const rest = `${url.host}${url.pathname}`.replace(/^\/\//, '').replace(/\/$/, '')
  return `${scheme}://${rest ? `${rest}/` : ''}wc?uri=${encoded}`
}

/**
 * Wallet apps that carry their own in-app browser, with the universal link that opens a page in
 * it (spec §2: when their in-page provider is missing on a phone, the browser goes there with the
 * current page's address encoded). `solana` is the variant that takes a callback URL instead.
 */
export const BROWSE_LINKS: readonly { match: string; browse: (page: string, origin: string) => string; solana?: (page: string) => string }[] = [
  { match: 'phantom', browse: (page, origin) => `https://phantom.app/ul/browse/${encodeURIComponent(page)}?ref=${encodeURIComponent(origin)}` },
  { match: 'solflare', browse: (page, origin) => `https://solflare.com/ul/v1/browse/${encodeURIComponent(page)}?ref=${encodeURIComponent(origin)}` },
  {
    match: 'coinbase',
    browse: page => `https://go.cb-w.com/dapp?cb_url=${encodeURIComponent(page)}`,
    solana: page => `https://go.cb-w.com/dapp?cb_url=${encodeURIComponent(page)}&callback=${encodeURIComponent(page)}`
  }
]

/**
 * The in-app-browser URL for a wallet known to have one (by name, case-insensitive), or
 * undefined. `namespace: 'solana'` picks the callback variant where there is one.
 */
export function walletBrowseUrl(walletName: string, pageUrl: string, namespace: string = 'eip155'): string | undefined {
  const entry = BROWSE_LINKS.find(b => walletName.toLowerCase().includes(b.match))
  if (!entry) return undefined
  const origin = new URL(pageUrl).origin
  const link = namespace === 'solana' && entry.solana ? entry.solana(pageUrl) : entry.browse(pageUrl, origin)
  // The page address is encoded into an https link, so this always passes; checked anyway,
  // because the result goes to location.assign.
  return isAllowedWalletLink(link) ? link : undefined
}

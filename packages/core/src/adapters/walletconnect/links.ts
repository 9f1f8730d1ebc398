/** Schemes a directory link may never use: they run code or read local data in the page. */
const FORBIDDEN_SCHEMES = new Set(['javascript:', 'data:', 'vbscript:', 'file:', 'blob:', 'about:', 'http:', 'filesystem:'])

/**
 * Checks a wallet link from the directory (remote data): `https:` universal links and app
 * schemes (`wallet://`) pass; anything that could run in the page, or plain http, does not.
 */
export function safeWalletLink(value: string | null | undefined): URL | undefined {
  if (!value) return undefined
  let url: URL
  try {
    url = new URL(value.includes(':') ? value : `${value}://`)
  } catch {
    return undefined
  }
  if (FORBIDDEN_SCHEMES.has(url.protocol) || !/^[a-z][a-z0-9+.-]*:$/.test(url.protocol)) return undefined
  return url
}

/**
 * The link that opens a wallet with a pairing URI (spec §2, §3): an app scheme becomes
 * `scheme://wc?uri=<encoded>`, a universal link `https://host/path/wc?uri=<encoded>`.
 * Returns undefined for links that fail {@link safeWalletLink}.
 */
export function walletConnectLink(appLink: string | null | undefined, wcUri: string): string | undefined {
  const url = safeWalletLink(appLink)
  if (!url) return undefined
  const encoded = encodeURIComponent(wcUri)
  if (url.protocol === 'https:') {
    const base = url.href.endsWith('/') ? url.href : `${url.href}/`
    return `${base}wc?uri=${encoded}`
  }
  // App schemes: keep what the wallet gave (`metamask:` or `metamask://`), always as `scheme://`.
  const scheme = url.protocol.slice(0, -1)
  const rest = url.href.slice(url.protocol.length).replace(/^\/\//, '').replace(/\/$/, '')
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
  return namespace === 'solana' && entry.solana ? entry.solana(pageUrl) : entry.browse(pageUrl, origin)
}

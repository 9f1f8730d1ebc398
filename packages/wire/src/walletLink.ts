// The one rule for wallet links (directory `mobile_link`, `desktop_link`, `webapp_link`,
// `homepage`): an allow-list, shared by the modal (before it opens a link) and the server (before
// it serves a catalogue). A link is remote data that ends up in `href` or `location.assign`, so
// anything a browser would run, read locally or hand to another app's intent parser is refused.

/**
 * Schemes never allowed, although they look like `name://`: they run script (`javascript:`,
 * `vbscript:`), carry a document (`data:`, `blob:`, `filesystem:`, `mhtml:`), read local or
 * browser-internal pages (`file:`, `about:`, `chrome:`, `view-source:`, extension schemes), launch
 * arbitrary Android activities (`intent:`), or leak the pairing URI in clear text (`http:`,
 * `ws:`, `ftp:`). Compared in lower case.
 */
export const FORBIDDEN_LINK_SCHEMES: ReadonlySet<string> = new Set([
  'javascript',
  'vbscript',
  'data',
  'blob',
  'filesystem',
  'mhtml',
  'file',
  'about',
  'chrome',
  'chrome-extension',
  'chrome-untrusted',
  'moz-extension',
  'ms-browser-extension',
  'edge',
  'opera',
  'brave',
  'view-source',
  'intent',
  'android-app',
  'jar',
  'http',
  'ws',
  'wss',
  'ftp'
])

/** Longest link accepted (the catalogue stores 500; a pairing link adds the encoded URI). */
export const MAX_WALLET_LINK_LENGTH = 2048

// A scheme as RFC 3986 writes it, followed by `://`: `https://…` or an app's `name://…`.
const SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\//
// Whitespace (ASCII and Unicode, BOM included) and C0/C1 control characters anywhere: the URL
// parser strips some of them silently (`java\tscript:` is `javascript:`), so none is allowed.
const INVISIBLE = /[\s\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2060\ufeff]/

/**
 * Why a wallet link is refused, or undefined when it is allowed. Allowed: `https://` universal
 * links with a host, and plain app schemes `name://…` (letters, digits, `+`, `.`, `-`) that are
 * not in {@link FORBIDDEN_LINK_SCHEMES}. Everything else is refused, whatever its case, and any
 * whitespace or control character anywhere refuses the link.
 *
 * @example
 * ```ts
 * walletLinkProblem('https://wallet.example/wc') // undefined
 * walletLinkProblem('metamask://') // undefined
 * walletLinkProblem(' JavaScript://%0aalert(1)') // 'a wallet link must not contain whitespace or control characters'
 * ```
 */
export function walletLinkProblem(value: unknown): string | undefined {
  if (typeof value !== 'string') return 'a wallet link must be a string'
  if (value.length > MAX_WALLET_LINK_LENGTH) return `a wallet link must be at most ${MAX_WALLET_LINK_LENGTH} characters`
  if (INVISIBLE.test(value)) return 'a wallet link must not contain whitespace or control characters'
  const scheme = SCHEME.exec(value)?.[1]?.toLowerCase()
  if (!scheme) return 'a wallet link must start with https:// or an app scheme (name://)'
  if (FORBIDDEN_LINK_SCHEMES.has(scheme)) return `${scheme}: links are not allowed (use https:// or an app scheme)`
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return 'a wallet link must be a valid URL'
  }
  // Belt and braces: what the browser will act on is the parsed scheme, not the text.
  if (url.protocol !== `${scheme}:`) return 'a wallet link must be a valid URL'
  if (scheme === 'https' && !url.hostname) return 'an https wallet link must name a host'
  return undefined
}

/**
 * Whether a wallet link passes the allow-list of {@link walletLinkProblem}.
 *
 * @example
 * ```ts
 * isAllowedWalletLink('trust://open') // true
 * isAllowedWalletLink('intent://scan#Intent;scheme=x;end') // false
 * ```
 */
export function isAllowedWalletLink(value: unknown): value is string {
  return walletLinkProblem(value) === undefined
}

// The one rule for wallet links (directory `mobile_link`, `desktop_link`, `webapp_link`,
// `homepage`): an allow-list, shared by the modal (before it opens a link) and the server (before
// it serves a catalogue). A link is remote data that ends up in `href` or `location.assign`, so
// only two kinds pass: `https://` universal links, and a wallet's own app scheme (a plain name,
// registered in that wallet's catalogue entry, that is no operating-system or browser handler).
// Anything a browser would run, read locally, or hand to the system's own handlers is refused.

/**
 * Schemes that fit the app-scheme pattern but are never a wallet's: the reasons the allow-list
 * refuses them. Compared in lower case. Browser schemes run script (`javascript:`, `vbscript:`),
 * carry a document (`data:`, `blob:`, `filesystem:`, `mhtml:`), read local or browser-internal
 * pages (`file:`, `about:`, `chrome:`, `view-source:`, extension schemes), launch arbitrary
 * Android activities (`intent:`, `android-app:`, `market:`), or leak the pairing URI in clear text
 * (`http:`, `ws:`, `ftp:`). Operating-system handlers act outside the browser on one tap: iOS
 * installs an enterprise app from a manifest (`itms-services:`) or opens the App Store and system
 * apps (`itms-apps:`, `prefs:`, `shortcuts:`, `facetime:`); Windows runs a search that shows a
 * remote share's files as local ones (`search-ms:`, used to deliver malware), opens shell folders
 * (`shell:`), help (`hcp:`, `ms-its:`) and the `ms-` handlers of Office and system tools
 * (`ms-msdt:`, the "Follina" CVE-2022-30190; `ms-officecmd:`, `ms-appinstaller:`); everywhere,
 * calls, messages and mail (`tel:`, `sms:`, `mailto:`), file shares and remote sessions (`smb:`,
 * `ssh:`, `rdp:`). Whole families go by prefix too: {@link FORBIDDEN_SCHEME_PREFIXES}.
 */
export const FORBIDDEN_LINK_SCHEMES: ReadonlySet<string> = new Set([
  // Operating-system handlers: Apple.
  'itms-services',
  'itms-apps',
  'itms-appss',
  'itms',
  'itmss',
  'itms-books',
  'itms-bookss',
  'itms-beta',
  'ibooks',
  'prefs',
  'app-prefs',
  'app-settings',
  'shortcuts',
  'facetime',
  'facetime-audio',
  'facetime-group',
  'telprompt',
  'webcal',
  'calshow',
  'message',
  'maps',
  'music',
  'photos-redirect',
  'workflow',
  // Operating-system handlers: Windows.
  'search-ms',
  'search',
  'shell',
  'hcp',
  'its',
  'mk',
  'res',
  'microsoft-edge',
  'onenote',
  'onenote-cmd',
  'read',
  'windowsdefender',
  'feed',
  'feeds',
  // Operating-system handlers: Linux desktops and Android.
  'ghelp',
  'help',
  'man',
  'info',
  'apt',
  'appstream',
  'snap',
  'market',
  'content',
  // Everywhere: calls, messages, mail, shares, remote sessions, media and torrent handlers.
  'tel',
  'sms',
  'smsto',
  'mms',
  'mailto',
  'callto',
  'sip',
  'sips',
  'im',
  'news',
  'nntp',
  'snews',
  'smb',
  'cifs',
  'nfs',
  'afp',
  'sftp',
  'ftps',
  'ssh',
  'telnet',
  'rlogin',
  'tn3270',
  'vnc',
  'rdp',
  'ldap',
  'ldaps',
  'gopher',
  'magnet',
  'ed2k',
  'rtsp',
  'rtmp',
  // Browsers.
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
  'ftp',
  'resource',
  'devtools',
  'chrome-search',
  'chrome-devtools',
  'googlechrome',
  'googlechromes',
  'firefox',
  'vivaldi',
  'cid',
  'mid',
  'urn'
])

/**
 * Prefixes of scheme families that are operating-system or browser handlers, refused whatever
 * follows: Windows' and Office's `ms-*` (`ms-msdt`, `ms-settings`, `ms-word`…), `microsoft.*` and
 * `windows*`, Apple's `itms*`, `x-apple-*` and `x-safari-*`, browsers' `chrome-*` and `moz-*`, and
 * Android's `android*`.
 */
export const FORBIDDEN_SCHEME_PREFIXES: readonly string[] = [
  'ms-',
  'microsoft',
  'windows',
  'itms',
  'x-apple',
  'x-safari',
  'x-web-search',
  'chrome-',
  'moz-',
  'android'
]

/** Longest app scheme accepted. */
export const MAX_APP_SCHEME_LENGTH = 64

// A wallet's app scheme: a plain name (letters and digits) whose parts may be joined by single
// `.`, `+` or `-`, compared in lower case. Stricter than RFC 3986 on purpose.
const APP_SCHEME = /^[a-z][a-z0-9]*(?:[.+-][a-z0-9]+)*$/

/** Longest link accepted (the catalogue stores 500; a pairing link adds the encoded URI). */
export const MAX_WALLET_LINK_LENGTH = 2048

// A scheme as RFC 3986 writes it, followed by `://`: `https://…` or an app's `name://…`.
const SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\//
// Whitespace (ASCII and Unicode, BOM included) and C0/C1 control characters anywhere: the URL
// parser strips some of them silently (`java\tscript:` is `javascript:`), so none is allowed.
const INVISIBLE = /[\s\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2060\ufeff]/

/**
 * Why an app scheme (lower case, without `:`) cannot be a wallet's, or undefined when it can: it
 * must be a plain name ({@link MAX_APP_SCHEME_LENGTH} characters at most; letters and digits,
 * parts joined by single `.`, `+` or `-`) and no operating-system or browser handler
 * ({@link FORBIDDEN_LINK_SCHEMES}, {@link FORBIDDEN_SCHEME_PREFIXES}).
 *
 * @param scheme - The scheme, lower case.
 */
export function appSchemeProblem(scheme: string): string | undefined {
  if (scheme.length > MAX_APP_SCHEME_LENGTH || !APP_SCHEME.test(scheme)) return `${scheme.slice(0, MAX_APP_SCHEME_LENGTH)}: is not a plain app scheme`
  if (FORBIDDEN_LINK_SCHEMES.has(scheme) || FORBIDDEN_SCHEME_PREFIXES.some(prefix => scheme.startsWith(prefix))) {
    return `${scheme}: links are not allowed (use https:// or the wallet's own app scheme)`
  }
  return undefined
}

/**
 * The app scheme (lower case) of a wallet link, or undefined for an `https://` link or one
 * {@link walletLinkProblem} refuses.
 *
 * @example
 * ```ts
 * appSchemeOf('MetaMask://wc') // 'metamask'
 * appSchemeOf('https://metamask.app.link') // undefined
 * ```
 */
export function appSchemeOf(link: unknown): string | undefined {
  if (walletLinkProblem(link) !== undefined) return undefined
  const scheme = SCHEME.exec(link as string)![1]!.toLowerCase()
  return scheme === 'https' ? undefined : scheme
}

/**
 * Why a wallet link is refused, or undefined when it is allowed. Allowed: `https://` universal
 * links with a host, and app schemes `name://…` that pass {@link appSchemeProblem}; with
 * `registered`, only the app schemes of those links (the wallet's own entry in the catalogue:
 * its `mobile_link` and `desktop_link`), so no link opened for one wallet can use another
 * wallet's, or anyone else's, scheme. Everything else is refused, whatever its case, and any
 * whitespace or control character anywhere refuses the link.
 *
 * @param value - The link.
 * @param registered - The links registered for the wallet the link is opened for; an app scheme
 *   must be one of theirs. Left out, any app scheme that passes {@link appSchemeProblem} is taken
 *   (the check of a catalogue entry's own links).
 * @example
 * ```ts
 * walletLinkProblem('https://wallet.example/wc') // undefined
 * walletLinkProblem('metamask://') // undefined
 * walletLinkProblem('itms-services://?action=download-manifest&url=https://x.example/m.plist') // 'itms-services: links are not allowed (…)'
 * walletLinkProblem('trust://wc', ['metamask://']) // "this wallet's links may only use its own app scheme (metamask://)"
 * walletLinkProblem(' JavaScript://%0aalert(1)') // 'a wallet link must not contain whitespace or control characters'
 * ```
 */
export function walletLinkProblem(value: unknown, registered?: readonly (string | null | undefined)[]): string | undefined {
  if (typeof value !== 'string') return 'a wallet link must be a string'
  if (value.length > MAX_WALLET_LINK_LENGTH) return `a wallet link must be at most ${MAX_WALLET_LINK_LENGTH} characters`
  if (INVISIBLE.test(value)) return 'a wallet link must not contain whitespace or control characters'
  const scheme = SCHEME.exec(value)?.[1]?.toLowerCase()
  if (!scheme) return 'a wallet link must start with https:// or an app scheme (name://)'
  if (scheme !== 'https') {
    const problem = appSchemeProblem(scheme)
    if (problem) return problem
  }
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return 'a wallet link must be a valid URL'
  }
  // Belt and braces: what the browser will act on is the parsed scheme, not the text.
  if (url.protocol !== `${scheme}:`) return 'a wallet link must be a valid URL'
  if (scheme === 'https' && !url.hostname) return 'an https wallet link must name a host'
  if (scheme !== 'https' && registered !== undefined) {
    const own = [...new Set(registered.map(appSchemeOf).filter(s => s !== undefined))]
    if (!own.includes(scheme)) {
      return own.length === 0
        ? 'this wallet has no registered app scheme: only https:// links open it'
        : `this wallet's links may only use its own app scheme (${own.map(s => `${s}://`).join(', ')})`
    }
  }
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
export function isAllowedWalletLink(value: unknown, registered?: readonly (string | null | undefined)[]): value is string {
  return walletLinkProblem(value, registered) === undefined
}

/**
 * Whether a browser `Origin` is allowed by one allowed-origin pattern of a project.
 *
 * Patterns are exact origins (`https://shop.example`) with optional wildcards: a lone `*` allows
 * any origin, `:*` at the end allows any port (`http://127.0.0.1:*`), and `*` in the host allows
 * one or more DNS labels (`https://*.shop.example`). A wildcard never matches `/`, `?`, `@` or
 * `:`, so `http://127.0.0.1:*` cannot be stretched to another host. The scheme and host compare
 * case-insensitively, as browsers serialise them in lower case anyway. A pattern without a scheme
 * (`shop.example`, as the WalletConnect network's allow-list takes them) allows http and https.
 *
 * The relay in public mode applies the network's own rules instead: see {@link allowListPermits}.
 *
 * @param origin - The request's Origin header.
 * @param pattern - One entry of `allowedOrigins`.
 * @example
 * ```ts
 * originMatches('https://a.shop.example', 'https://*.shop.example') // true
 * originMatches('http://shop.example', 'shop.example') // true
 * ```
 */
export function originMatches(origin: string, pattern: string): boolean {
  if (pattern === '*') return true
  if (!pattern.includes('://')) return originMatches(origin, `http://${pattern}`) || originMatches(origin, `https://${pattern}`)
  const lowerOrigin = origin.toLowerCase()
  const lowerPattern = pattern.toLowerCase()
  if (!lowerPattern.includes('*')) return lowerOrigin === lowerPattern
  return patternToRegExp(lowerPattern).test(lowerOrigin)
}

const cache = new Map<string, RegExp>()

function patternToRegExp(pattern: string): RegExp {
  let re = cache.get(pattern)
  if (re) return re
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&')
  const source = escaped
    // Port wildcard: digits only.
    .replace(/:\*$/, ':\\d{1,5}')
    // Host wildcard: one or more labels.
    .replace(/\*/g, '[a-z0-9-]+(?:\\.[a-z0-9-]+)*')
  re = new RegExp(`^${source}$`)
  cache.set(pattern, re)
  return re
}

/**
 * Whether an origin is allowed by any pattern of a list (see {@link originMatches}).
 *
 * @param origin - The request's Origin header.
 * @param patterns - A project's `allowedOrigins`.
 */
export function isOriginAllowed(origin: string, patterns: readonly string[]): boolean {
  return patterns.some(pattern => originMatches(origin, pattern))
}

/** Hosts the WalletConnect network's relay always lets in, whatever the allow-list says. */
const ALWAYS_ALLOWED_HOSTS = new Set(['localhost', '127.0.0.1'])
const DEFAULT_PORTS: Record<string, number> = { http: 80, https: 443, ws: 80, wss: 443 }
/** `[scheme://]hostname[:port]`, an optional trailing slash; hostname labels are letters, digits, `-`, `_` or a whole `*`. */
const ALLOW_LIST_ENTRY = /^(?:([a-z][a-z0-9+.-]*):\/\/)?((?:\*|[a-z0-9_-]+)(?:\.(?:\*|[a-z0-9_-]+))*)(?::(\d{1,5}|\*))?\/?$/

/**
 * Whether an allow-list lets a browser `Origin` in, by the rules of the WalletConnect network's
 * public relay (docs.reown.com, "Relay" › "Allowlist"), which the relay applies in public mode:
 *
 * - an empty list allows every origin; `localhost` and `127.0.0.1` are always allowed;
 * - an entry is `[scheme://]hostname[:port]`: a scheme or port that is given must match exactly
 *   (a left-out scheme allows any, so `example.com` allows `http://` and `https://example.com`; a
 *   left-out port, or `:*`, allows any port);
 * - the hostname must match label for label, where a `*` label stands for exactly one label:
 *   `https://*.example.com` allows `https://www.example.com` but not `https://example.com` nor
 *   `https://a.b.example.com`; a `*` inside a label (`www-*.example.com`) makes the entry
 *   invalid, and an invalid entry allows nothing;
 * - a lone `*` allows every origin (this server's own spelling of "anything").
 *
 * The rest of the server keeps the stricter {@link isOriginAllowed} (an empty list allows nothing).
 *
 * @param origin - The request's Origin header.
 * @param allowList - A project's `allowedOrigins`.
 * @example
 * ```ts
 * allowListPermits('https://www.example.com', ['https://*.example.com']) // true
 * allowListPermits('http://localhost:5173', ['https://example.com']) // true: localhost always is
 * allowListPermits('https://evil.example', []) // true: an empty list allows all
 * ```
 */
export function allowListPermits(origin: string, allowList: readonly string[]): boolean {
  if (allowList.length === 0 || allowList.includes('*')) return true
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return false
  }
  const scheme = url.protocol.slice(0, -1)
  const host = url.hostname
  if (ALWAYS_ALLOWED_HOSTS.has(host)) return true
  const port = url.port ? Number(url.port) : DEFAULT_PORTS[scheme]
  const labels = host.split('.')
  return allowList.some(entry => {
    const match = ALLOW_LIST_ENTRY.exec(entry.toLowerCase())
    if (!match) return false
    const [, entryScheme, entryHost, entryPort] = match
    if (entryScheme !== undefined && entryScheme !== scheme) return false
    if (entryPort !== undefined && entryPort !== '*' && Number(entryPort) !== port) return false
    const entryLabels = entryHost!.split('.')
    return entryLabels.length === labels.length && entryLabels.every((label, i) => label === '*' || label === labels[i])
  })
}

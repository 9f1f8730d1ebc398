/**
 * Whether a browser `Origin` is allowed by one allowed-origin pattern of a project.
 *
 * Patterns are exact origins (`https://shop.example`) with optional wildcards: a lone `*` allows
 * any origin, `:*` at the end allows any port (`http://127.0.0.1:*`), and `*` in the host allows
 * one or more DNS labels (`https://*.shop.example`). A wildcard never matches `/`, `?`, `@` or
 * `:`, so `http://127.0.0.1:*` cannot be stretched to another host. The scheme and host compare
 * case-insensitively, as browsers serialise them in lower case anyway.
 *
 * @param origin - The request's Origin header.
 * @param pattern - One entry of `allowedOrigins`.
 */
export function originMatches(origin: string, pattern: string): boolean {
  if (pattern === '*') return true
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

/**
 * Accepts only `data:image/...` and `https:` image URLs (security rule: no `javascript:`,
 * no plain http, no relative paths that could hit the site). Returns undefined otherwise.
 */
export function safeImageUrl(value: unknown, allowHttpOrigins: readonly string[] = []): string | undefined {
  if (typeof value !== 'string') return undefined
  if (/^data:image\/(png|jpeg|jpg|gif|webp|svg\+xml)[;,]/i.test(value)) return value
  try {
    const url = new URL(value)
    if (url.protocol === 'https:') return url.href
    // Self-hosted services on loopback (the devnet) are http; only the configured ones are allowed.
    if (url.protocol === 'http:' && allowHttpOrigins.includes(url.origin)) return url.href
  } catch {
    return undefined
  }
  return undefined
}

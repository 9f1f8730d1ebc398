import type { FastifyRequest } from 'fastify'

/**
 * An absolute URL on this server for links in answers (image URLs, avatars), carrying the
 * caller's `projectId`, `st` and `sv` so the link works as it is (every endpoint requires them).
 *
 * The origin is `publicUrl` when the server runs behind a proxy, else the one the caller used
 * (Host header; Fastify only trusts it as far as its `trustProxy` setting allows).
 *
 * @param request - The request being answered.
 * @param path - Absolute path on this server, e.g. `/getWalletImage/abc`.
 * @param publicUrl - Configured external base URL, if any.
 */
export function publicUrl(request: FastifyRequest, path: string, publicUrl?: string): string {
  const base = publicUrl ?? `${request.protocol}://${request.host}`
  // Relative resolution keeps a path prefix of publicUrl (https://site.example/services/).
  const url = new URL(path.replace(/^\//, ''), base.endsWith('/') ? base : `${base}/`)
  const query = request.query as Record<string, unknown>
  for (const name of ['projectId', 'st', 'sv']) {
    const value = query[name]
    if (typeof value === 'string') url.searchParams.set(name, value)
  }
  return url.href
}

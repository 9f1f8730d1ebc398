import type { ServerResponse } from 'node:http'

/**
 * The Content-Security-Policy of the demo server. Deliberately as strict as a careful site's: no
 * inline script or style, no eval, same-origin connections only. The modal must work under it,
 * so the demo and the browser tests prove that it does.
 */
export const DEMO_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: https:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"

/**
 * Sets the headers every demo-server response carries (CSP, nosniff, no caching).
 *
 * @param res - The response, before its head is written.
 */
export function setSecurityHeaders(res: ServerResponse): void {
  res.setHeader('Content-Security-Policy', DEMO_CSP)
  res.setHeader('X-Content-Type-Options', 'nosniff')
  res.setHeader('Referrer-Policy', 'no-referrer')
  // A dev server: always serve what is on disk now (rebuilds are picked up on reload).
  res.setHeader('Cache-Control', 'no-store')
}

import type { ServerResponse } from 'node:http'

/**
 * The Content-Security-Policy of the demo server. Deliberately as strict as a careful site's: no
 * inline script or style, no eval, same-origin connections only. The modal must work under it,
 * so the demo and the browser tests prove that it does.
 */
export const DEMO_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: https:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"

/**
 * The demo CSP with the site's configured service origin added to `connect-src` and `img-src`,
 * exactly what a careful site using a self-hosted wallet-modal server would write.
 */
export function demoCsp(serviceOrigin?: string): string {
  if (!serviceOrigin) return DEMO_CSP
  // The same server's WebSocket relay (WalletConnect) needs its ws(s) origin named: an http
  // source does not cover ws in connect-src.
  const relayOrigin = serviceOrigin.replace(/^http/, 'ws')
  return DEMO_CSP.replace("img-src 'self' data: https:;", `img-src 'self' data: https: ${serviceOrigin};`).replace(
    "connect-src 'self';",
    `connect-src 'self' ${serviceOrigin} ${relayOrigin};`
  )
}
/**
 * Sets the headers every demo-server response carries (CSP, nosniff, no caching).
 *
 * @param res - The response, before its head is written.
 * @param serviceOrigin - Origin of the wallet-modal server the page may call, if any.
 */
export function setSecurityHeaders(res: ServerResponse, serviceOrigin?: string): void {
  res.setHeader('Content-Security-Policy', demoCsp(serviceOrigin))
  res.setHeader('X-Content-Type-Options', 'nosniff')
  res.setHeader('Referrer-Policy', 'no-referrer')
  // A dev server: always serve what is on disk now (rebuilds are picked up on reload).
  res.setHeader('Cache-Control', 'no-store')
}

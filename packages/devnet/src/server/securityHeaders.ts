/**
 * The Content-Security-Policy of the demo server. Deliberately as strict as a careful site's: no
 * inline script or style, no eval, same-origin connections only, plus the two WalletConnect network
 * services a site with no server of its own talks to (the demo's `?server=none` mode): the public
 * relay and the public wallet registry (docs/guide/getting-started.md, "Three ways to run it"). The modal must work under
 * it, so the demo and the browser tests prove that it does.
 */
export const DEMO_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: https:; connect-src 'self' https://api.web3modal.org wss://relay.walletconnect.org; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"

/**
 * The demo CSP with the site's configured service origin added to `connect-src` and `img-src`,
 * exactly what a careful site using a self-hosted wallet-modal server would write, plus any
 * further `connect-src` origins (the local Solana network's WebSocket: web3.js subscribes there
 * directly, and an http source does not cover ws in connect-src).
 *
 * @param serviceOrigin - Origin of the wallet-modal server, if any.
 * @param connectOrigins - More origins the page may connect to, e.g. `ws://127.0.0.1:8900`.
 * @param frameOrigin - The embedded wallet's secure site, allowed in `frame-src`.
 * @param ancestorOrigin - A page allowed to frame the demo (the devnet's Safe{Wallet} stand-in).
 */
export function demoCsp(serviceOrigin?: string, connectOrigins: readonly string[] = [], frameOrigin?: string, ancestorOrigin?: string): string {
  let csp = DEMO_CSP
  if (ancestorOrigin && /^https?:\/\/[A-Za-z0-9.\-[\]:]+$/.test(ancestorOrigin))
    csp = csp.replace("frame-ancestors 'none'", `frame-ancestors ${ancestorOrigin}`)
  // The embedded wallet's secure site is framed by the modal (its one frame-src).
  if (frameOrigin && /^https?:\/\/[A-Za-z0-9.\-[\]:]+$/.test(frameOrigin))
    csp = csp.replace("object-src 'none';", `frame-src ${frameOrigin}; object-src 'none';`)
  if (serviceOrigin) {
    // The same server's WebSocket relay (WalletConnect) needs its ws(s) origin named: an http
    // source does not cover ws in connect-src.
    const relayOrigin = serviceOrigin.replace(/^http/, 'ws')
    csp = csp
      .replace("img-src 'self' data: https:;", `img-src 'self' data: https: ${serviceOrigin};`)
      .replace(
        "connect-src 'self' https://api.web3modal.org wss://relay.walletconnect.org;",
        `connect-src 'self' https://api.web3modal.org wss://relay.walletconnect.org ${serviceOrigin} ${relayOrigin};`
      )
  }
  // Only plain origins: anything else could break out of the directive (or the header).
  const extra = connectOrigins.filter(origin => /^(?:https?|wss?):\/\/[A-Za-z0-9.\-[\]:]+$/.test(origin))
  if (extra.length > 0) csp = csp.replace(/connect-src ([^;]*);/, (_, sources: string) => `connect-src ${sources} ${extra.join(' ')};`)
  return csp
}

/**
 * The headers every demo-server response carries (CSP, nosniff, no referrer, no caching).
 *
 * @param serviceOrigin - Origin of the wallet-modal server the page may call, if any.
 * @param connectOrigins - Further origins for `connect-src` (see {@link demoCsp}).
 * @param frameOrigin - The secure site, for `frame-src` (see {@link demoCsp}).
 * @param ancestorOrigin - A page allowed to frame the demo (see {@link demoCsp}).
 */
export function securityHeaders(
  serviceOrigin?: string,
  connectOrigins: readonly string[] = [],
  frameOrigin?: string,
  ancestorOrigin?: string
): Record<string, string> {
  return {
    'Content-Security-Policy': demoCsp(serviceOrigin, connectOrigins, frameOrigin, ancestorOrigin),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    // A dev server: always serve what is on disk now (rebuilds are picked up on reload).
    'Cache-Control': 'no-store'
  }
}

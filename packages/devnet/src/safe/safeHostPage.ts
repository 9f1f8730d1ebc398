import { escapeHtml } from '../server/standInHttp.js'
import { DEVNET_SAFE_ADDRESS } from './devnetSafeAddress.js'

/** Only loopback apps are framed: the stand-in's Safe is an unlocked devnet account. */
export const isLoopbackApp = (url: string): boolean => /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?\//.test(url)

/**
 * The host page's policy: its own script and style only, and frames of the app's origin alone.
 *
 * @example safeHostCsp('http://127.0.0.1:8787') // "default-src 'none'; … frame-src http://127.0.0.1:8787; …"
 */
export const safeHostCsp = (appOrigin: string): string =>
  `default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-src ${appOrigin}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`

/**
 * The Safe{Wallet} stand-in's page: the app framed (its URL, origin and the chain in data
 * attributes `host.js` reads), the Safe it runs as, and the list of requests waiting for Execute
 * or Sign. The app's URL and the chain's name are escaped.
 *
 * @param app - The app's URL (a loopback one: {@link isLoopbackApp}).
 * @param chain - The chain the Safe is on.
 * @example safeHostPage('http://127.0.0.1:8787/', { chainId: 31337, name: 'Devnet' })
 */
export function safeHostPage(app: string, chain: { chainId: number; name: string }): string {
  const appOrigin = new URL(app).origin
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Safe{Wallet} stand-in</title><link rel="stylesheet" href="/host.css"><script type="module" src="/host.js"></script></head>
<body><header><strong>Safe{Wallet} stand-in</strong> <span>Safe <code id="safe">${DEVNET_SAFE_ADDRESS}</code> on ${escapeHtml(chain.name)} (${chain.chainId}), 1 of 1 owner: executes as soon as you press Execute</span></header>
<main><iframe id="app" title="Safe app" src="${escapeHtml(app)}" data-origin="${escapeHtml(appOrigin)}" data-chain-id="${chain.chainId}" data-chain-name="${escapeHtml(chain.name)}" data-safe="${DEVNET_SAFE_ADDRESS}"></iframe>
<aside aria-label="Requests"><h2>Requests</h2><p id="empty">Nothing to confirm. Requests from the app appear here.</p><ol id="requests" aria-label="Pending requests"></ol><h2>Log</h2><ol id="log" aria-label="Log"></ol></aside></main></body></html>`
}

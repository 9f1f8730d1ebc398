import type { AddressInfo } from 'node:net'
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static'
import { serveExamples } from './examples/serveExamples.js'
import { serveDocs } from './docs/serveDocs.js'
import Fastify, { type FastifyReply } from 'fastify'
import type { Address } from 'viem'
import { WALLET_ACCOUNT } from './constants.js'
import type { DevnetTokenAddresses } from './deployTokens.js'
import { devnetPaths } from './devnetPaths.js'
import { rpcProxy } from './server/rpcProxy.js'
import { securityHeaders } from './server/securityHeaders.js'
import type { DevnetChain, DevnetSolana } from './startDevnet.js'
import { WC_WALLET_API_PREFIX, wcWalletApi, type WcWalletControl } from './walletconnect/wcWalletApi.js'
import { MAILBOX_CSS, mailboxPage } from './mail/mailboxPage.js'
import { explorerPage, readExplorerAddress } from './explorer/explorerPage.js'
import type { MailSink } from './mail/startMailSink.js'

/** Options of {@link serveDemo}. */
export interface ServeDemoOptions {
  /** The chains and tokens to expose (usually the result of `startDevnet`). */
  devnet: { readonly chains: readonly DevnetChain[]; readonly tokens: DevnetTokenAddresses; readonly solana?: DevnetSolana }
  /** TCP port; 0 or undefined picks a free one. */
  port?: number
  /** Interface to listen on (default 127.0.0.1). */
  host?: string
  /** Folder served at `/` (default: the repo's demo/). */
  demoDir?: string
  /** Folder served at `/dist/` (default: packages/ui/dist/browser). */
  uiDistDir?: string
  /** Folder holding devnet-wallet.js (default: packages/devnet/dist/browser). */
  walletDistDir?: string
  /** The example sites' folder, each served from its `dist/` at `/examples/<name>/` (default: examples/). */
  examplesDir?: string
  /** The documentation site's build, served at `/docs/` (default: docs/.vitepress/dist, made by `npm run docs`). */
  docsDistDir?: string
  /** Account the Devnet Wallet uses, reported in /devnet.json (default {@link WALLET_ACCOUNT}). */
  walletAccount?: Address
  /** How long the RPC proxy waits for a node (default 10 s). */
  rpcTimeoutMs?: number
  /** Base URL of the wallet-modal server the demo uses, passed to the page in its config. */
  serviceUrl?: string
  /**
   * The server's analytics read token, for `/analytics.json`: the site owner's view of the
   * events, read server-side because the token must not be in the page. Without it the route
   * does not exist.
   */
  analyticsReadToken?: string
  /**
   * The WalletConnect dev wallet the page at `/wc-wallet/` controls (usually from
   * `createWalletConnectDevWallet`). Without it, `/wc-wallet/api/*` answers 503.
   */
  wcWallet?: WcWalletControl
  /** Folder of the wallet's control page (default: packages/devnet/wc-wallet). */
  wcWalletDir?: string
  /** The local mail sink shown at `/mailbox/` (e-mail login codes). Without it the page does not exist. */
  mailbox?: Pick<MailSink, 'messages'>
  /** The embedded wallet's secure site: its origin is allowed in the page's `frame-src`. */
  secureSiteUrl?: string
  /**
   * The devnet's Safe{Wallet} stand-in: it may frame the demo (`frame-ancestors`), and the page
   * is told its origin (`safeUrl` in the config) to pass as `safeAppOrigins`.
   */
  safeUrl?: string
  /** The Next.js example (React + wagmi), when `npm start` serves it: linked from the demo. */
  nextUrl?: string
}

/** The running demo server. */
export interface DemoServer {
  /** Base URL, e.g. `http://127.0.0.1:5173`. */
  readonly url: string
  /** The port it listens on. */
  readonly port: number
  /** Stops listening, drops open connections and resolves when closed. Safe to call twice. */
  close(): Promise<void>
}

/** What `/devnet.json` returns: everything the Devnet Wallet and the demo page need. */
export interface DevnetConfig {
  /** The chains, with `rpcUrl` pointing at this server's same-origin proxy. */
  chains: { chainId: number; name: string; rpcUrl: string }[]
  /** Token addresses by symbol (same on every chain). */
  tokens: DevnetTokenAddresses
  /** The Devnet Wallet's account. */
  walletAccount: Address
  /** The wallet-modal server (directory, balances, RPC proxy, analytics), when one runs. */
  serviceUrl?: string
  /** The Safe{Wallet} stand-in that frames the demo as a Safe app, when one runs. */
  safeUrl?: string
  /** The Next.js example (React + wagmi), when it runs. */
  nextUrl?: string
  /**
   * The local Solana network, when the devnet runs one: `rpcUrl` is this server's same-origin
   * proxy `/rpc/solana`; `wsUrl` is the network's own subscription WebSocket (allowed by the
   * CSP), which web3.js needs passed as `wsEndpoint` since it cannot derive it from a proxy URL.
   */
  solana?: {
    caipNetworkId: string
    name: string
    rpcUrl: string
    wsUrl: string
    walletAddress: string
    receiverAddress: string
    splMint?: string
  }
}

/**
 * Serves the demo page and everything it needs on one origin (Fastify, files through
 * @fastify/static):
 *
 * - `/` and other static files from `demoDir`;
 * - `/dist/*` from `uiDistDir` (the modal's browser bundle);
 * - `/devnet-wallet.js` (and `.map`) from `walletDistDir`;
 * - `/devnet.json` ({@link DevnetConfig}) and `/devnet-config.js` (the same as an ES module);
 * - `POST /rpc/<chainId>`: a JSON-RPC proxy to that chain's anvil node, and `POST /rpc/solana`
 *   one to the local Solana network (see {@link rpcProxy});
 * - `/examples/` and `/examples/<name>/`: the example sites' builds (see {@link serveExamples});
 * - `/docs/`: the documentation site's build (see {@link serveDocs});
 * - `/wc-wallet/`: the WalletConnect dev wallet's control page (from `wcWalletDir`) and, under
 *   `/wc-wallet/api/`, its JSON API (see {@link wcWalletApi}).
 *
 * Every response carries a strict CSP and `nosniff` (see {@link DEMO_CSP}; with a Solana network,
 * its WebSocket origin is added to `connect-src`). When bound to a
 * loopback address, requests whose Host header is not a loopback name are refused, so a web page
 * elsewhere cannot reach the unlocked devnet accounts through DNS rebinding. Paths with a `..`
 * segment, a backslash or a NUL are refused (400), dot-files are not served (404), and methods
 * other than GET and HEAD get 405 outside the RPC proxy and the wallet API.
 *
 * @param options - See {@link ServeDemoOptions}.
 */
export async function serveDemo(options: ServeDemoOptions): Promise<DemoServer> {
  const defaults = devnetPaths()
  const host = options.host ?? '127.0.0.1'
  const loopbackOnly = isLoopbackHostname(host)
  const chains = new Map(options.devnet.chains.map(chain => [chain.chainId, chain]))
  const solana = options.devnet.solana
  const serviceOrigin = options.serviceUrl ? new URL(options.serviceUrl).origin : undefined
  const headers = securityHeaders(
    serviceOrigin,
    solana ? [new URL(solana.wsUrl).origin] : [],
    options.secureSiteUrl ? new URL(options.secureSiteUrl).origin : undefined,
    options.safeUrl ? new URL(options.safeUrl).origin : undefined
  )

  // forceCloseConnections: keep-alive connections (browsers, fetch) would otherwise hold close() open.
  const app = Fastify({
    forceCloseConnections: true,
    // A path that does not decode never reaches the hooks below: answer it the same way here.
    frameworkErrors: (_error, _request, reply) => sendText(reply.headers(headers), 400, 'Bad request path')
  })
  // On every reply, the refusals and errors included (hooks are added before the routes, so
  // every scope inherits them).
  app.addHook('onSend', async (_request, reply) => {
    // A page that names its inline scripts' hashes (the examples) keeps its own, stricter-than-
    // nothing policy: the demo's plus those hashes.
    const own = reply.getHeader('Content-Security-Policy')
    reply.headers(headers)
    if (typeof own === 'string') reply.header('Content-Security-Policy', own)
  })
  app.addHook('onRequest', async (request, reply) => {
    const hostHeader = request.headers.host ?? ''
    if (!isValidHostHeader(hostHeader) || (loopbackOnly && !isLoopbackHostname(hostnameOf(hostHeader)))) {
      return sendText(reply, 403, 'Forbidden host')
    }
    const path = request.url.split(/[?#]/, 1)[0] ?? ''
    if (!path.startsWith('/')) return sendText(reply, 400, 'Bad request')
    if (isRefusedPath(path)) return sendText(reply, 400, 'Bad request path')
    const ownMethods = /^\/rpc\/[^/]+$/.test(path) || path.startsWith(WC_WALLET_API_PREFIX)
    if (!ownMethods && request.method !== 'GET' && request.method !== 'HEAD') {
      reply.header('Allow', 'GET, HEAD')
      return sendText(reply, 405, 'Method not allowed')
    }
  })
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split(/[?#]/, 1)[0] ?? ''
    const built = path.startsWith('/dist/') || path.startsWith('/devnet-wallet.js') || path === '/coinbase-keys/coinbase-keys.js'
    return sendText(reply, 404, `Not found${built ? ' (run `npm run build` first)' : ''}`)
  })
  app.setErrorHandler(async (error, request, reply) => {
    const status = (error as { statusCode?: number }).statusCode
    if (status !== undefined && status >= 400 && status < 500) return sendText(reply, status, 'Bad request')
    console.error(`serveDemo: ${request.method} ${request.url}:`, error)
    return sendText(reply, 500, 'Internal server error')
  })

  await app.register(rpcProxy, {
    timeoutMs: options.rpcTimeoutMs ?? 10_000,
    // 'solana', or an EIP-155 id in digits only: Number() would also accept '0x7a69' or '1e3'.
    target: chain =>
      chain === 'solana' ? (solana ? { chainId: chain, rpcUrl: solana.rpcUrl } : undefined) : /^\d{1,15}$/.test(chain) ? chains.get(Number(chain)) : undefined
  })
  await app.register(wcWalletApi, { wallet: options.wcWallet })

  // `direct`: the chains' own URLs, for the Devnet Wallet on another site's pages (the Next.js
  // example), where this server's same-origin proxy is cross-origin.
  const config = (origin: string, direct = false): DevnetConfig => ({
    chains: [...chains.values()].map(chain => ({ chainId: chain.chainId, name: chain.name, rpcUrl: direct ? chain.rpcUrl : `${origin}/rpc/${chain.chainId}` })),
    tokens: options.devnet.tokens,
    walletAccount: options.walletAccount ?? WALLET_ACCOUNT,
    ...(options.serviceUrl ? { serviceUrl: options.serviceUrl } : {}),
    ...(options.safeUrl ? { safeUrl: options.safeUrl } : {}),
    ...(options.nextUrl ? { nextUrl: options.nextUrl } : {}),
    ...(solana
      ? {
          solana: {
            caipNetworkId: solana.caipNetworkId,
            name: solana.name,
            rpcUrl: `${origin}/rpc/solana`,
            wsUrl: solana.wsUrl,
            walletAddress: solana.walletAddress,
            receiverAddress: solana.receiverAddress,
            ...(solana.splMint ? { splMint: solana.splMint } : {})
          }
        }
      : {})
  })
  // What a site owner reads from the analytics sink (GET /e needs the read token, which stays here).
  if (options.serviceUrl && options.analyticsReadToken) {
    const events = new URL('e', options.serviceUrl.endsWith('/') ? options.serviceUrl : `${options.serviceUrl}/`)
    for (const [k, v] of Object.entries({ projectId: 'demo', st: 'demo', sv: 'demo', limit: '50' })) events.searchParams.set(k, v)
    const token = options.analyticsReadToken
    app.get('/analytics.json', async (_request, reply) => {
      try {
        const answer = await fetch(events, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(5000) })
        return reply
          .code(answer.status)
          .type('application/json; charset=utf-8')
          .send(await answer.text())
      } catch {
        return sendText(reply, 502, 'The wallet-modal server did not answer')
      }
    })
  }
  // A small block explorer (the demo's networks name it, so Account's "Block Explorer" opens here).
  app.get('/explorer/explorer.css', async (_request, reply) => reply.type('text/css; charset=utf-8').send(MAILBOX_CSS))
  app.get('/explorer/:chainId/address/:address', async (request, reply) => {
    const { chainId, address } = request.params as { chainId: string; address: string }
    const chain = options.devnet.chains.find(c => String(c.chainId) === chainId)
    if (!chain) return sendText(reply, 404, `No devnet chain ${chainId}`)
    if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return sendText(reply, 400, 'An address is 0x and 40 hex digits')
    try {
      return reply.type('text/html; charset=utf-8').send(explorerPage(chain.name, await readExplorerAddress(chain.rpcUrl, options.devnet.tokens, address)))
    } catch {
      return sendText(reply, 502, `${chain.name} did not answer`)
    }
  })
  const mailbox = options.mailbox
  if (mailbox) {
    app.get('/mailbox/', async (_request, reply) => reply.type('text/html; charset=utf-8').send(mailboxPage(mailbox.messages())))
    app.get('/mailbox/mailbox.css', async (_request, reply) => reply.type('text/css; charset=utf-8').send(MAILBOX_CSS))
    app.get('/mailbox/messages.json', async () => mailbox.messages())
  }
  // The demo site's own backend: it trusts a visitor's sign-in only through the wallet-modal
  // server's answer about the session token the page sends (what a real site's API does).
  if (options.serviceUrl) {
    const serverUrl = options.serviceUrl
    app.get('/api/me', async (request, _reply) => {
      const { verifySessionToken } = await import('@wallet-modal/server')
      const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1]
      // "Who am I" answers nobody with 200 (a protected route of a real site would say 401).
      if (!token) return { signedIn: false, reason: 'no session token' }
      const check = await verifySessionToken({ serverUrl, projectId: 'demo', token })
      if (!check.ok) return { signedIn: false, reason: check.reason }
      return { signedIn: true, address: check.address, chainId: check.chainId, expiresAt: check.expiresAt }
    })
  }
  app.get('/devnet.json', async (request, reply) =>
    reply
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(config(`http://${request.headers.host}`, (request.query as { rpc?: string }).rpc === 'direct')))
  )
  // The same data as an ES module, so the demo page imports it statically (fetched in parallel
  // with the bundle instead of after it) without any inline script.
  app.get('/devnet-config.js', async (request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(`export default ${JSON.stringify(config(`http://${request.headers.host}`))};\n`)
  )

  const files: FastifyStaticOptions = {
    root: options.demoDir ?? defaults.demoDir,
    dotfiles: 'ignore',
    // A directory is served through its index.html; without a trailing slash it is first
    // redirected to one, so relative URLs inside resolve.
    redirect: true,
    // The security hook decides caching (no-store) for every response.
    cacheControl: false,
    etag: false,
    lastModified: false,
    // mime 3 says application/javascript; text/javascript is the standard type (RFC 9239).
    setHeaders: (res, path) => {
      if (/\.m?js$/i.test(path)) res.header('Content-Type', 'text/javascript; charset=utf-8')
    }
  }
  await app.register(fastifyStatic, { ...files, prefix: '/' })
  await app.register(fastifyStatic, { ...files, root: options.uiDistDir ?? defaults.uiDistDir, prefix: '/dist', decorateReply: false })
  await app.register(fastifyStatic, { ...files, root: options.wcWalletDir ?? defaults.wcWalletDir, prefix: '/wc-wallet', decorateReply: false })
  serveExamples(app, options.examplesDir ?? defaults.examplesDir, headers['Content-Security-Policy']!)
  serveDocs(app, options.docsDistDir ?? defaults.docsDistDir, headers['Content-Security-Policy']!)
  const walletDistDir = options.walletDistDir ?? defaults.walletDistDir
  for (const file of ['devnet-wallet.js', 'devnet-wallet.js.map']) {
    app.get(`/${file}`, async (_request, reply) => reply.sendFile(file, walletDistDir))
  }
  // The Coinbase keys popup stand-in (the demo's `/?coinbase=1` points the Coinbase Wallet SDK here).
  await app.register(fastifyStatic, { ...files, root: defaults.coinbaseKeysDir, prefix: '/coinbase-keys', decorateReply: false })
  app.get('/coinbase-keys/coinbase-keys.js', async (_request, reply) => reply.sendFile('coinbase-keys.js', defaults.coinbaseKeysDistDir))

  await app.listen({ port: options.port ?? 0, host })
  const { port } = app.server.address() as AddressInfo

  let closing: Promise<void> | undefined
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    close: () => (closing ??= app.close())
  }
}

function sendText(reply: FastifyReply, status: number, text: string): FastifyReply {
  return reply.code(status).type('text/plain; charset=utf-8').send(text)
}

// Refused outright rather than normalised away: `..` and `.` segments (also as %2e or hidden
// behind an encoded %2f), empty segments, backslashes and NUL bytes, or text that does not
// decode. Browsers never send these; @fastify/static would refuse most of them too, but with 403.
function isRefusedPath(path: string): boolean {
  let decoded: string
  try {
    decoded = decodeURIComponent(path)
  } catch {
    return true
  }
  const segments = decoded.split('/').slice(1)
  return (
    decoded.includes('\0') ||
    decoded.includes('\\') ||
    segments.some((segment, i) => segment === '..' || segment === '.' || (segment === '' && i < segments.length - 1))
  )
}

// A Host header is echoed into /devnet.json URLs: accept only host[:port] characters.
function isValidHostHeader(value: string): boolean {
  return /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/.test(value)
}

function hostnameOf(hostHeader: string): string {
  return hostHeader.startsWith('[') ? hostHeader.slice(1, hostHeader.indexOf(']')) : (hostHeader.split(':')[0] ?? '')
}

function isLoopbackHostname(hostname: string): boolean {
  const name = hostname.toLowerCase()
  return name === 'localhost' || name.endsWith('.localhost') || name === '::1' || /^127(?:\.\d{1,3}){3}$/.test(name)
}

import { readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { EIP155_READ_METHODS } from '@wallet-modal/wire'
import type { Address } from 'viem'
import { DEVNET_ACCOUNTS } from '../constants.js'
import { devnetPaths } from '../devnetPaths.js'
import { escapeHtml, readBody } from '../server/standInHttp.js'

/**
 * The stand-in Safe's address: anvil account 3 (funded with ETH and both tokens, unlocked on the
 * chains, so the stand-in executes and signs through the node without a key). A real Safe is a
 * contract whose owners confirm; this one is a 1-of-1 that executes at once.
 */
export const DEVNET_SAFE_ADDRESS: Address = DEVNET_ACCOUNTS[3]

/** The running stand-in. */
export interface SafeStandIn {
  /** Its base URL, e.g. `http://127.0.0.1:8791` (the origin a site lists in `safeAppOrigins`). */
  readonly url: string
  /** The app `/` opens (the demo), set once the demo runs. */
  setAppUrl(url: string): void
  close(): Promise<void>
}

/** Read methods the page may forward to the node (the accounts are unlocked: nothing else). */
const READ_METHODS = new Set([...EIP155_READ_METHODS, 'eth_chainId', 'net_version'])

/** Only loopback apps are framed: the stand-in's Safe is an unlocked devnet account. */
const isLoopbackApp = (url: string) => /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?\//.test(url)

async function readJson(req: IncomingMessage): Promise<unknown> {
  return JSON.parse(await readBody(req, 65_536))
}

function send(res: ServerResponse, status: number, type: string, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': type, 'x-content-type-options': 'nosniff', 'cache-control': 'no-store', ...headers }).end(body)
}

async function nodeCall(rpcUrl: string, method: string, params: unknown[]): Promise<{ result?: unknown; error?: { message?: string } }> {
  const r = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(10_000)
  })
  return (await r.json()) as { result?: unknown; error?: { message?: string } }
}

/**
 * The devnet's stand-in for Safe{Wallet}: a page on its own origin that frames a site as a Safe
 * app (`/apps/open?appUrl=…&chainId=…`, as Safe{Wallet}'s own links read) and answers the Safe
 * Apps protocol for the Safe {@link DEVNET_SAFE_ADDRESS}: `getSafeInfo`, `getChainInfo`,
 * `rpcCall` (read methods only), `getTxBySafeTxHash`, and, once a person presses Execute or Sign
 * in the page, `sendTransactions`, `signMessage` and `signTypedMessage`. The page's server side
 * executes through the chain's node (the account is unlocked there). Listens on 127.0.0.1.
 *
 * @example
 * ```ts
 * const safe = await startSafeStandIn({ chains: devnet.chains })
 * safe.setAppUrl(demo.url + '/')
 * // the site: createWalletModal({ ..., safeAppOrigins: [safe.url] })
 * ```
 */
export async function startSafeStandIn(options: { port?: number; chains: readonly { chainId: number; name: string; rpcUrl: string }[] }): Promise<SafeStandIn> {
  let appUrl: string | undefined
  const chains = new Map(options.chains.map(c => [c.chainId, c]))
  const HOST_DIR = devnetPaths().safeHostDir
  const files: Record<string, [string, string]> = {
    '/host.js': ['text/javascript; charset=utf-8', readFileSync(join(HOST_DIR, 'host.js'), 'utf8')],
    '/host.css': ['text/css; charset=utf-8', readFileSync(join(HOST_DIR, 'host.css'), 'utf8')]
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1')
      const file = files[url.pathname]
      if (req.method === 'GET' && file) return send(res, 200, file[0], file[1])
      if (req.method === 'GET' && url.pathname === '/') {
        if (!appUrl) return send(res, 503, 'text/plain; charset=utf-8', 'No app to open yet')
        res.writeHead(302, { location: `/apps/open?appUrl=${encodeURIComponent(appUrl)}` }).end()
        return
      }
      if (req.method === 'GET' && url.pathname === '/apps/open') {
        const app = url.searchParams.get('appUrl') ?? ''
        const chain = chains.get(Number(url.searchParams.get('chainId') ?? options.chains[0]?.chainId))
        if (!isLoopbackApp(app) || !chain) return send(res, 400, 'text/plain; charset=utf-8', 'appUrl must be a loopback http URL and chainId a devnet chain')
        const appOrigin = new URL(app).origin
        const csp = `default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-src ${appOrigin}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`
        const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Safe{Wallet} stand-in</title><link rel="stylesheet" href="/host.css"><script type="module" src="/host.js"></script></head>
<body><header><strong>Safe{Wallet} stand-in</strong> <span>Safe <code id="safe">${DEVNET_SAFE_ADDRESS}</code> on ${escapeHtml(chain.name)} (${chain.chainId}), 1 of 1 owner: executes as soon as you press Execute</span></header>
<main><iframe id="app" title="Safe app" src="${escapeHtml(app)}" data-origin="${escapeHtml(appOrigin)}" data-chain-id="${chain.chainId}" data-chain-name="${escapeHtml(chain.name)}" data-safe="${DEVNET_SAFE_ADDRESS}"></iframe>
<aside aria-label="Requests"><h2>Requests</h2><p id="empty">Nothing to confirm. Requests from the app appear here.</p><ol id="requests" aria-label="Pending requests"></ol><h2>Log</h2><ol id="log" aria-label="Log"></ol></aside></main></body></html>`
        return send(res, 200, 'text/html; charset=utf-8', html, { 'content-security-policy': csp, 'referrer-policy': 'no-referrer' })
      }
      if (req.method === 'POST' && url.pathname === '/api/node') {
        // The page's own calls: reads for rpcCall, and the confirmed Safe's transactions and signatures.
        const body = (await readJson(req)) as { chainId?: unknown; method?: unknown; params?: unknown }
        const chain = chains.get(Number(body.chainId))
        const params = Array.isArray(body.params) ? body.params : []
        const method = String(body.method)
        const own = (p: unknown) => typeof p === 'string' && p.toLowerCase() === DEVNET_SAFE_ADDRESS.toLowerCase()
        const allowed =
          READ_METHODS.has(method) ||
          (method === 'eth_sendTransaction' && own((params[0] as { from?: unknown } | undefined)?.from)) ||
          (method === 'personal_sign' && own(params[1])) ||
          (method === 'eth_signTypedData_v4' && own(params[0]))
        if (!chain || !allowed) return send(res, 400, 'application/json', JSON.stringify({ error: { message: `not allowed: ${method}` } }))
        return send(res, 200, 'application/json', JSON.stringify(await nodeCall(chain.rpcUrl, method, params)))
      }
      send(res, 404, 'text/plain; charset=utf-8', 'Not found')
    })().catch(err => {
      if (!res.headersSent) send(res, 500, 'application/json', JSON.stringify({ error: { message: err instanceof Error ? err.message : String(err) } }))
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    setAppUrl: next => void (appUrl = next),
    close: () =>
      new Promise<void>(resolve => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}

import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { devnetPaths } from '../devnetPaths.js'
import { isLoopbackApp, safeHostCsp, safeHostPage } from './safeHostPage.js'
import { isSafeNodeCallAllowed, safeNodeCall } from './safeNodeCall.js'

/** A chain the Safe is on. */
export interface SafeChain {
  chainId: number
  name: string
  rpcUrl: string
}

/** What the Safe stand-in's routes need. */
export interface SafeStandInContext {
  /** The chains, the first one the default. */
  chains: readonly SafeChain[]
  /** The app `/` opens, once known. */
  appUrl(): string | undefined
}

/**
 * Sends one answer of the stand-in: `body` as `type`, never sniffed or cached, plus `headers`. The
 * body goes as bytes, so Fastify keeps the type exactly as given (it would add a charset to JSON).
 *
 * @example safeReply(reply, 404, 'text/plain; charset=utf-8', 'Not found')
 */
export function safeReply(reply: FastifyReply, status: number, type: string, body: string, headers: Record<string, string> = {}): FastifyReply {
  return reply
    .code(status)
    .headers({ 'content-type': type, 'x-content-type-options': 'nosniff', 'cache-control': 'no-store', ...headers })
    .send(Buffer.from(body))
}

/**
 * The Safe{Wallet} stand-in's routes: its page's files (`GET /host.js`, `/host.css`), `GET /`
 * (302 to the app once it is set, 503 before), `GET /apps/open?appUrl=…&chainId=…` (the page
 * framing a loopback app, 400 for any other) and `POST /api/node` (the page's calls to the chain's
 * node: reads, and the Safe's own transactions and signatures; 400 `{ error }` for the rest).
 *
 * @param app - The stand-in's Fastify instance.
 * @param ctx - See {@link SafeStandInContext}.
 * @example safeStandInRoutes(app, { chains: devnet.chains, appUrl: () => appUrl })
 */
export function safeStandInRoutes(app: FastifyInstance, ctx: SafeStandInContext): void {
  const chains = new Map(ctx.chains.map(c => [c.chainId, c]))
  const hostDir = devnetPaths().safeHostDir
  for (const [file, type] of [
    ['host.js', 'text/javascript; charset=utf-8'],
    ['host.css', 'text/css; charset=utf-8']
  ] as const) {
    const text = readFileSync(join(hostDir, file), 'utf8')
    app.get(`/${file}`, async (_request, reply) => safeReply(reply, 200, type, text))
  }

  app.get('/', async (_request, reply) => {
    const appUrl = ctx.appUrl()
    if (!appUrl) return safeReply(reply, 503, 'text/plain; charset=utf-8', 'No app to open yet')
    // A bare redirect, as Safe{Wallet}'s own links read.
    return reply
      .code(302)
      .header('location', `/apps/open?appUrl=${encodeURIComponent(appUrl)}`)
      .send()
  })

  app.get('/apps/open', async (request, reply) => {
    const query = new URL(request.url, 'http://127.0.0.1').searchParams
    const app = query.get('appUrl') ?? ''
    const chain = chains.get(Number(query.get('chainId') ?? ctx.chains[0]?.chainId))
    if (!isLoopbackApp(app) || !chain)
      return safeReply(reply, 400, 'text/plain; charset=utf-8', 'appUrl must be a loopback http URL and chainId a devnet chain')
    return safeReply(reply, 200, 'text/html; charset=utf-8', safeHostPage(app, chain), {
      'content-security-policy': safeHostCsp(new URL(app).origin),
      'referrer-policy': 'no-referrer'
    })
  })

  app.post('/api/node', async (request, reply) => {
    // The page's own calls: reads for rpcCall, and the confirmed Safe's transactions and signatures.
    const body = JSON.parse(typeof request.body === 'string' ? request.body : '') as { chainId?: unknown; method?: unknown; params?: unknown }
    const chain = chains.get(Number(body.chainId))
    const params = Array.isArray(body.params) ? body.params : []
    const method = String(body.method)
    if (!chain || !isSafeNodeCallAllowed(method, params))
      return safeReply(reply, 400, 'application/json', JSON.stringify({ error: { message: `not allowed: ${method}` } }))
    return safeReply(reply, 200, 'application/json', JSON.stringify(await safeNodeCall(chain.rpcUrl, method, params)))
  })
}

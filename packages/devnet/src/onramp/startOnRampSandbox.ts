import Fastify, { type FastifyError, type FastifyReply, type FastifyRequest } from 'fastify'
import type { Address } from 'viem'
import { listenLoopback } from '../server/listenLoopback.js'
import { paySandboxPurchase } from './paySandboxPurchase.js'
import { reportSandboxPurchase, type SandboxWebhook } from './reportSandboxPurchase.js'
import { sandboxApiRoutes } from './sandboxApiRoutes.js'
import { SandboxCatalogue, type SandboxChain, type SandboxSolana } from './SandboxCatalogue.js'
import { sandboxCheckoutNotFoundPage } from './sandboxCheckoutPage.js'
import { SANDBOX_CHECKOUT_PATH, sandboxCheckoutRoutes } from './sandboxCheckoutRoutes.js'
import { sandboxHtml, sandboxJson, sandboxPath, sandboxReply } from './sandboxReply.js'
import { SandboxSessions, type SandboxPurchase } from './SandboxSessions.js'

export { SANDBOX_SOLANA_NETWORK, type SandboxChain } from './SandboxCatalogue.js'
export { SANDBOX_TEST_CARD } from './sandboxCheckoutPage.js'
export { SANDBOX_LIMITS, sandboxQuote } from './sandboxQuote.js'
export type { SandboxPurchase } from './SandboxSessions.js'

/** The most a request body may hold: the API's JSON and the checkout's form are small. */
const BODY_LIMIT = 16_384

/** Options of {@link startOnRampSandbox}. */
export interface OnRampSandboxOptions {
  port?: number
  /** The devnet chains; DUSD (its contract `dusd`) stands in for USDC on each. */
  chains: readonly SandboxChain[]
  dusd: Address
  /** The local Solana network: SOL is sold there too. */
  solana?: SandboxSolana
  /** The key the wallet-modal server calls the API with. */
  apiKey: string
  /** Where purchases are reported (the server's webhook), and the secret that signs the reports. */
  webhook?: SandboxWebhook
}

/** The running sandbox. */
export interface OnRampSandbox {
  readonly url: string
  /** The purchases paid so far, oldest first. */
  purchases(): readonly SandboxPurchase[]
  /** Points the purchase reports at the server (known only once it runs). */
  setWebhook(webhook: { url: string; secret: string }): void
  close(): Promise<void>
}

/**
 * The devnet's on-ramp sandbox: a provider with a real HTTP API for the wallet-modal server
 * (`GET /api/options`, `POST /api/quote`, `POST /api/sessions`, with its API key as a bearer token;
 * see `sandboxApiRoutes`) and a checkout page a person uses (`/checkout/{session}`: a card field,
 * the test card {@link SANDBOX_TEST_CARD}, the amount; see `sandboxCheckoutRoutes`). Paying
 * charges nothing: the sandbox sends what the quote promised to the buyer (DUSD from the devnet's
 * deployer account on an EVM chain, waiting until it is mined; SOL from the local Solana network's
 * faucet), then reports the purchase to the server's webhook, signed with HMAC-SHA256 of the body
 * (`x-sandbox-signature`). Fastify, listening on 127.0.0.1 through `listenLoopback`.
 *
 * @example
 * ```ts
 * const sandbox = await startOnRampSandbox({ chains: devnet.chains, dusd: devnet.tokens.DUSD, apiKey })
 * // server config: onramp: { providers: [{ sandbox: { url: sandbox.url, apiKey, networks, webhookSecret } }] }
 * ```
 */
export async function startOnRampSandbox(options: OnRampSandboxOptions): Promise<OnRampSandbox> {
  const catalogue = new SandboxCatalogue(options.chains, options.dusd, options.solana)
  const sessions = new SandboxSessions()
  const purchases: SandboxPurchase[] = []
  let webhook = options.webhook
  let url = ''

  // HEAD gets no automatic route: only the methods below are answered. A path that does not
  // decode or is too long is not a checkout's: the plain 404.
  const app = Fastify({ bodyLimit: BODY_LIMIT, exposeHeadRoutes: false, frameworkErrors: (_error, request, reply) => notFound(request, reply) })
  // Bodies are read as text whatever their type; the routes parse them (JSON for the API, a form for the checkout).
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body))
  app.setErrorHandler((error: FastifyError, _request, reply) =>
    sandboxJson(reply, 500, { reason: error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? 'body too large' : error.message })
  )
  app.setNotFoundHandler(notFound)
  const api = sandboxApiRoutes(app, { apiKey: options.apiKey, catalogue, sessions, origin: () => url })
  sandboxCheckoutRoutes(app, {
    catalogue,
    sessions,
    async pay(session) {
      const purchase = await paySandboxPurchase(session, catalogue)
      purchases.push(purchase)
      if (webhook) await reportSandboxPurchase(purchase, webhook)
      return purchase
    }
  })
  await app.ready()

  async function notFound(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const path = sandboxPath(request)
    if (path.startsWith('/api/')) return api.notFound(request, reply)
    const id = SANDBOX_CHECKOUT_PATH.exec(path)?.[1]
    if (id !== undefined && !sessions.get(id)) return sandboxHtml(reply, 404, sandboxCheckoutNotFoundPage())
    return sandboxReply(reply, 404, 'text/plain; charset=utf-8', 'Not found')
  }

  const server = await listenLoopback(
    async (req, res) => app.routing(req, res),
    // Only if the router itself throws: Fastify answers a failing route with the error handler above.
    res =>
      void res
        .writeHead(500, { 'content-type': 'application/json', 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' })
        .end(JSON.stringify({ reason: 'internal error' })),
    options.port
  )
  url = server.url
  return {
    url,
    purchases: () => [...purchases],
    setWebhook: next => void (webhook = next),
    async close() {
      await server.close()
      await app.close()
    }
  }
}

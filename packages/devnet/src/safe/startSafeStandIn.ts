import Fastify, { type FastifyError, type FastifyReply } from 'fastify'
import { listenLoopback } from '../server/listenLoopback.js'
import { safeReply, safeStandInRoutes, type SafeChain } from './safeStandInRoutes.js'

export { DEVNET_SAFE_ADDRESS } from './devnetSafeAddress.js'

/** The most a request body may hold (the page's node calls: a transaction or typed data). */
const BODY_LIMIT = 65_536

/** The running stand-in. */
export interface SafeStandIn {
  /** Its base URL, e.g. `http://127.0.0.1:8791` (the origin a site lists in `safeAppOrigins`). */
  readonly url: string
  /** The app `/` opens (the demo), set once the demo runs. */
  setAppUrl(url: string): void
  close(): Promise<void>
}

/**
 * The devnet's stand-in for Safe{Wallet}: a page on its own origin that frames a site as a Safe
 * app (`/apps/open?appUrl=…&chainId=…`, as Safe{Wallet}'s own links read) and answers the Safe
 * Apps protocol for the Safe {@link DEVNET_SAFE_ADDRESS}: `getSafeInfo`, `getChainInfo`,
 * `rpcCall` (read methods only), `getTxBySafeTxHash`, and, once a person presses Execute or Sign
 * in the page, `sendTransactions`, `signMessage` and `signTypedMessage`. The page's server side
 * executes through the chain's node (the account is unlocked there; see `safeStandInRoutes`).
 * Fastify, listening on 127.0.0.1 through `listenLoopback`.
 *
 * @example
 * ```ts
 * const safe = await startSafeStandIn({ chains: devnet.chains })
 * safe.setAppUrl(demo.url + '/')
 * // the site: createWalletModal({ ..., safeAppOrigins: [safe.url] })
 * ```
 */
export async function startSafeStandIn(options: { port?: number; chains: readonly SafeChain[] }): Promise<SafeStandIn> {
  let appUrl: string | undefined
  const errorBody = (message: string) => JSON.stringify({ error: { message } })
  const notFound = (reply: FastifyReply) => safeReply(reply, 404, 'text/plain; charset=utf-8', 'Not found')
  // HEAD gets no automatic route: only the methods of the routes are answered. A path that does
  // not decode is just not one of them.
  const app = Fastify({ bodyLimit: BODY_LIMIT, exposeHeadRoutes: false, frameworkErrors: (_error, _request, reply) => notFound(reply) })
  // Bodies are read as text whatever their type; the node route parses its JSON.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body))
  app.setErrorHandler((error: FastifyError, _request, reply) =>
    safeReply(reply, 500, 'application/json', errorBody(error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? 'body too large' : error.message))
  )
  app.setNotFoundHandler(async (_request, reply) => notFound(reply))
  safeStandInRoutes(app, { chains: options.chains, appUrl: () => appUrl })
  await app.ready()

  const server = await listenLoopback(
    async (req, res) => app.routing(req, res),
    // Only if the router itself throws: Fastify answers a failing route with the error handler above.
    res =>
      void res
        .writeHead(500, { 'content-type': 'application/json', 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' })
        .end(errorBody('internal error')),
    options.port
  )
  return {
    url: server.url,
    setAppUrl: next => void (appUrl = next),
    async close() {
      await server.close()
      await app.close()
    }
  }
}

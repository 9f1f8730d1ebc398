import { randomBytes } from 'node:crypto'
import Fastify, { type FastifyError, type FastifyReply } from 'fastify'
import { listenLoopback } from '../server/listenLoopback.js'
import { farcasterAppRoutes } from './farcasterAppRoutes.js'
import { FarcasterChannels } from './FarcasterChannels.js'
import { farcasterRelayRoutes } from './farcasterRelayRoutes.js'
import { farcasterJson } from './farcasterReply.js'

export { DEVNET_FARCASTER_ACCOUNTS, devnetFarcasterCustody, type DevnetFarcasterAccount } from './devnetFarcasterAccounts.js'

/** The most a request body may hold (a channel's parameters, an answer). */
const BODY_LIMIT = 16_384

/** The running stand-in. */
export interface DevnetFarcasterRelay {
  /** The relay's base URL (the secure site's `relayUrl`), e.g. `http://127.0.0.1:9100`. */
  url: string
  close(): Promise<void>
}

/**
 * The devnet's stand-in for Farcaster's sign-in: an auth relay speaking the relay's protocol
 * (`POST /v1/channel`, `GET /v1/channel/status`, `POST /v1/channel/authenticate`, as
 * `@farcaster/auth-client` calls them; see `farcasterRelayRoutes`) and, in place of the Farcaster
 * app, a page at the channel's URL where a person approves as one of
 * {@link DEVNET_FARCASTER_ACCOUNTS}: the page's server side builds the standard Sign In With
 * Farcaster message with auth-client's wallet client, signs it with the account's custody key, and
 * hands it to the relay, as the app would (`farcasterAppRoutes`). Fastify, listening on 127.0.0.1
 * through `listenLoopback`.
 *
 * @example
 * ```ts
 * const relay = await startFarcasterRelay()
 * // the secure site: farcaster: { relayUrl: relay.url, custody: devnetFarcasterCustody() }
 * ```
 */
export async function startFarcasterRelay(options: { port?: number } = {}): Promise<DevnetFarcasterRelay> {
  const channels = new FarcasterChannels()
  const authKey = randomBytes(16).toString('hex')
  let url = ''
  const relayUrl = () => url

  const notFound = (reply: FastifyReply) => farcasterJson(reply, 404, { error: 'Not found' })
  // HEAD gets no automatic route: only the methods of the routes are answered. A path that does
  // not decode is just not one of them.
  const app = Fastify({ bodyLimit: BODY_LIMIT, exposeHeadRoutes: false, frameworkErrors: (_error, _request, reply) => notFound(reply) })
  // Bodies are read as text whatever their type; the routes parse them (JSON, or the page's form).
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body))
  // Every failure (bad JSON, a body too large) is the caller's: 400 with the reason.
  app.setErrorHandler((error: FastifyError, _request, reply) =>
    farcasterJson(reply, 400, { error: error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? 'body too large' : error.message })
  )
  app.setNotFoundHandler(async (_request, reply) => notFound(reply))
  app.addHook('onRequest', async () => channels.sweep())
  farcasterRelayRoutes(app, { channels, authKey, relayUrl })
  farcasterAppRoutes(app, { channels, authKey, relayUrl })
  await app.ready()

  const server = await listenLoopback(
    async (req, res) => app.routing(req, res),
    // Only if the router itself throws: Fastify answers a failing route with the error handler above.
    res => void res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'internal error' })),
    options.port
  )
  url = server.url
  return {
    url,
    async close() {
      await server.close()
      await app.close()
    }
  }
}

import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { WalletConnectDevWallet } from './createWalletConnectDevWallet.js'
import { WalletInputError } from './WalletInputError.js'

/** What the control API needs from the wallet (a {@link WalletConnectDevWallet} has it all). */
export type WcWalletControl = Pick<WalletConnectDevWallet, 'pair' | 'setMode' | 'disconnect' | 'disconnectAll' | 'state'>

/** Where the control API lives on the demo server. */
export const WC_WALLET_API_PREFIX = '/wc-wallet/api/'

/** Largest request body the control API reads; a pairing link is a few hundred bytes. */
export const WC_WALLET_API_BODY_LIMIT = 16 * 1024

// Each route and the one method it answers.
const METHODS: Record<string, 'GET' | 'POST'> = { state: 'GET', pair: 'POST', mode: 'POST', disconnect: 'POST' }

/**
 * A Fastify plugin: the WalletConnect dev wallet's JSON API under {@link WC_WALLET_API_PREFIX}:
 *
 * - `GET  state` → `{mode, address, sessions, log}`;
 * - `POST pair {uri}` → `{pair: PairResult, state}` once the dapp's proposal is answered;
 * - `POST mode {mode}` → `{state}`;
 * - `POST disconnect` (optional `{topic}`, else every session) → `{disconnected, state}`.
 *
 * Errors are `{error}` with a status: 400 for bad JSON or input (malformed link, unknown mode),
 * 403 for a cross-origin caller, 404/405 for unknown routes and methods, 413 for big bodies, 415
 * for bodies that are not JSON, 502 when pairing fails in the SDK or relay, 503 when no wallet
 * runs. POSTs must be `application/json` from the page's own origin: a web page elsewhere can only
 * send such a request after a CORS preflight, which this server never grants, so it cannot pair
 * the dev wallet with a dapp of its choosing.
 *
 * Register it in its own scope: it sets that scope's body parser and error handler.
 *
 * @param scope - The (encapsulated) Fastify scope to add the routes to.
 * @param options - `wallet`: the running wallet, or undefined when none was started.
 */
export async function wcWalletApi(scope: FastifyInstance, options: { wallet: WcWalletControl | undefined }): Promise<void> {
  const { wallet } = options
  // The body is read as text and parsed below, so that bad JSON gets this API's own messages.
  scope.removeAllContentTypeParsers()
  scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: WC_WALLET_API_BODY_LIMIT }, (_request, body, done) => done(null, body))
  scope.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return sendError(reply, 413, `Request body larger than ${WC_WALLET_API_BODY_LIMIT} bytes`, true)
    if (error.statusCode !== undefined && error.statusCode < 500) return sendError(reply, error.statusCode, error.message)
    console.error('wc-wallet API:', error)
    return sendError(reply, 500, 'Internal server error')
  })
  // Everything that needs no body is decided before the body is read (so a refused request's
  // body is never parsed).
  scope.addHook('onRequest', async (request, reply) => {
    const route = routeOf(request)
    if (!wallet) {
      return sendError(reply, 503, 'The WalletConnect dev wallet is not running: start the devnet with its services (npm start) to use it.')
    }
    const allowed = METHODS[route]
    if (!allowed) return sendError(reply, 404, `Unknown API route ${WC_WALLET_API_PREFIX}${route}`)
    const method = request.method === 'HEAD' ? 'GET' : request.method
    if (method !== allowed) {
      reply.header('Allow', allowed === 'GET' ? 'GET, HEAD' : 'POST')
      return sendError(reply, 405, `Use ${allowed} for ${WC_WALLET_API_PREFIX}${route}`)
    }
    if (route === 'state') return reply.send(wallet.state())
    const origin = request.headers.origin
    if (origin !== undefined && origin !== `http://${request.headers.host ?? ''}`) {
      return sendError(reply, 403, 'Cross-origin requests to the wallet API are not allowed')
    }
    if (!/^application\/json\s*(?:;|$)/i.test(request.headers['content-type'] ?? '')) {
      return sendError(reply, 415, 'Send the request body as application/json', true)
    }
  })
  scope.all(`${WC_WALLET_API_PREFIX}*`, async (request, reply) => {
    // The hook answered every request without a wallet.
    const control = wallet!
    const route = routeOf(request)
    try {
      const body = parseObject(typeof request.body === 'string' ? request.body : '', route === 'disconnect')
      if (route === 'pair') {
        if (typeof body.uri !== 'string') throw new WalletInputError('Give the WalletConnect link as {"uri": "wc:..."}')
        const pair = await control.pair(body.uri)
        return reply.send({ pair, state: control.state() })
      }
      if (route === 'mode') {
        control.setMode(body.mode as 'approve' | 'reject')
        return reply.send({ state: control.state() })
      }
      const { topic } = body
      if (topic !== undefined && typeof topic !== 'string') throw new WalletInputError('topic must be a string')
      let disconnected = 1
      if (topic === undefined) disconnected = await control.disconnectAll()
      else await control.disconnect(topic)
      return reply.send({ disconnected, state: control.state() })
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      if (error instanceof WalletInputError) return sendError(reply, 400, message)
      return sendError(reply, 502, `${route === 'pair' ? 'Could not pair' : 'The wallet failed'}: ${message}`)
    }
  })
}

function routeOf(request: FastifyRequest): string {
  return (request.params as { '*'?: string })['*'] ?? ''
}

// Bad JSON is the caller's mistake (400), like bad input.
function parseObject(text: string, emptyAllowed: boolean): Record<string, unknown> {
  if (text.trim() === '' && emptyAllowed) return {}
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new WalletInputError('The request body is not valid JSON')
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new WalletInputError('The request body must be a JSON object')
  return value as Record<string, unknown>
}

// `close`: the body was not read (or not fully): close rather than parse the rest as a next request.
function sendError(reply: FastifyReply, status: number, error: string, close = false): FastifyReply {
  if (close) reply.header('Connection', 'close')
  return reply.code(status).send({ error })
}

import type { IncomingMessage, ServerResponse } from 'node:http'
import { BodyTooLargeError, readBody } from '../server/readBody.js'
import type { WalletConnectDevWallet } from './createWalletConnectDevWallet.js'
import { WalletInputError } from './WalletInputError.js'

/** What the control API needs from the wallet (a {@link WalletConnectDevWallet} has it all). */
export type WcWalletControl = Pick<WalletConnectDevWallet, 'pair' | 'setMode' | 'disconnect' | 'disconnectAll' | 'state'>

/** Where the control API lives on the demo server. */
export const WC_WALLET_API_PREFIX = '/wc-wallet/api/'

/** Largest request body the control API reads; a pairing link is a few hundred bytes. */
export const WC_WALLET_API_BODY_LIMIT = 16 * 1024

/**
 * Answers one request to the WalletConnect dev wallet's JSON API (mounted at
 * {@link WC_WALLET_API_PREFIX}):
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
 * @param req - The request (its path starts with {@link WC_WALLET_API_PREFIX}).
 * @param res - Its response.
 * @param path - The request path without query.
 * @param wallet - The running wallet, or undefined when none was started.
 */
export async function handleWcWalletApi(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  wallet: WcWalletControl | undefined
): Promise<void> {
  if (!wallet) {
    sendJson(res, 503, {
      error: 'The WalletConnect dev wallet is not running: start the devnet with its services (npm start) to use it.'
    })
    return
  }
  const route = path.slice(WC_WALLET_API_PREFIX.length)
  const methods: Record<string, string> = { state: 'GET', pair: 'POST', mode: 'POST', disconnect: 'POST' }
  const allowed = methods[route]
  if (!allowed) {
    sendJson(res, 404, { error: `Unknown API route ${path}` })
    return
  }
  const method = req.method === 'HEAD' ? 'GET' : req.method
  if (method !== allowed) {
    res.setHeader('Allow', allowed === 'GET' ? 'GET, HEAD' : 'POST')
    sendJson(res, 405, { error: `Use ${allowed} for ${path}` })
    return
  }
  if (route === 'state') {
    sendJson(res, 200, wallet.state(), req.method === 'HEAD')
    return
  }

  const origin = req.headers.origin
  if (origin !== undefined && origin !== `http://${req.headers.host ?? ''}`) {
    sendJson(res, 403, { error: 'Cross-origin requests to the wallet API are not allowed' })
    return
  }
  if (!/^application\/json\s*(?:;|$)/i.test(req.headers['content-type'] ?? '')) {
    sendJson(res, 415, { error: 'Send the request body as application/json' }, false, true)
    return
  }
  let body: Record<string, unknown>
  try {
    body = await readJsonObject(req, route === 'disconnect')
  } catch (error) {
    if (error instanceof BodyTooLargeError) sendJson(res, 413, { error: `Request body larger than ${WC_WALLET_API_BODY_LIMIT} bytes` }, false, true)
    else sendJson(res, 400, { error: error instanceof Error ? error.message : String(error) })
    return
  }

  try {
    if (route === 'pair') {
      if (typeof body.uri !== 'string') throw new WalletInputError('Give the WalletConnect link as {"uri": "wc:..."}')
      const pair = await wallet.pair(body.uri)
      sendJson(res, 200, { pair, state: wallet.state() })
    } else if (route === 'mode') {
      wallet.setMode(body.mode as 'approve' | 'reject')
      sendJson(res, 200, { state: wallet.state() })
    } else {
      const { topic } = body
      if (topic !== undefined && typeof topic !== 'string') throw new WalletInputError('topic must be a string')
      let disconnected = 1
      if (topic === undefined) disconnected = await wallet.disconnectAll()
      else await wallet.disconnect(topic)
      sendJson(res, 200, { disconnected, state: wallet.state() })
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    if (error instanceof WalletInputError) sendJson(res, 400, { error: message })
    else sendJson(res, 502, { error: `${route === 'pair' ? 'Could not pair' : 'The wallet failed'}: ${message}` })
  }
}

async function readJsonObject(req: IncomingMessage, emptyAllowed: boolean): Promise<Record<string, unknown>> {
  const text = (await readBody(req, WC_WALLET_API_BODY_LIMIT)).toString('utf8')
  if (text.trim() === '' && emptyAllowed) return {}
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new Error('The request body is not valid JSON')
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('The request body must be a JSON object')
  return value as Record<string, unknown>
}

function sendJson(res: ServerResponse, status: number, value: unknown, headOnly = false, close = false): void {
  const text = JSON.stringify(value)
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    // The body was not read (or not fully): close rather than parse the rest as a next request.
    ...(close ? { Connection: 'close' } : {})
  })
  res.end(headOnly ? undefined : text)
}

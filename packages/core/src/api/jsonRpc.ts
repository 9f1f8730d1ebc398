import { WalletModalError } from '../errors/WalletModalError.js'

/** Default time a remote call may take (spec §9). */
export const DEFAULT_TIMEOUT_MS = 10_000

/** A JSON-RPC error answered by a node. */
export interface JsonRpcErrorBody {
  code: number
  message: string
  data?: unknown
}

let nextId = 0

/**
 * One JSON-RPC call over HTTP POST with a timeout. Deliberately tiny (no viem client) so the
 * first chunk stays small; retries and batching arrive with the services' HTTP client.
 * @throws WalletModalError `REQUEST_TIMEOUT`, `HTTP_ERROR` ('HTTP status code: {n}') or `RPC_ERROR`.
 */
export async function jsonRpcRequest<T>(url: string, method: string, params: unknown[] = [], timeoutMs = DEFAULT_TIMEOUT_MS): Promise<T> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), timeoutMs)
  let response: Response
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++nextId, method, params }),
      signal: controller.signal
    })
  } catch (err) {
    throw controller.signal.aborted
      ? new WalletModalError('REQUEST_TIMEOUT', { details: `${method} after ${timeoutMs} ms`, cause: err })
      : new WalletModalError('RPC_ERROR', { details: `${method}: network error`, cause: err })
  } finally {
    clearTimeout(timer)
  }
  if (!response.ok) {
    throw new WalletModalError('HTTP_ERROR', { shortMessage: `HTTP status code: ${response.status}` })
  }
  let body: { result?: T; error?: JsonRpcErrorBody }
  try {
    body = await response.json()
  } catch (err) {
    throw new WalletModalError('RPC_ERROR', { details: `${method}: malformed response`, cause: err })
  }
  if (body?.error) throw new WalletModalError('RPC_ERROR', { details: `${method}: ${body.error.message}`, cause: body.error })
  if (!body || !('result' in body)) throw new WalletModalError('RPC_ERROR', { details: `${method}: no result` })
  return body.result as T
}

import { RpcError } from './RpcError.js'

/** Options of {@link jsonRpc}. */
export interface JsonRpcOptions {
  /** Abort the call after this many milliseconds (default 10 s). */
  timeoutMs?: number
}

let nextId = 1

/**
 * Sends one JSON-RPC 2.0 call over HTTP POST and returns its `result`.
 *
 * Works in Node (fetch is global from Node 18) and in browsers, so the Devnet Wallet uses it too.
 * A JSON-RPC error in the reply is thrown as an {@link RpcError} with the node's code, message and
 * data; an HTTP error without a JSON-RPC body becomes `RpcError(-32603)`. Network failures and
 * timeouts are re-thrown as they are (a `TypeError` or `DOMException`), so callers can tell
 * "the node said no" from "the node is not there".
 *
 * @param url - The node's HTTP endpoint.
 * @param method - The JSON-RPC method, e.g. `eth_chainId`.
 * @param params - Positional parameters.
 * @param options - See {@link JsonRpcOptions}.
 */
export async function jsonRpc<T = unknown>(url: string, method: string, params: unknown = [], options: JsonRpcOptions = {}): Promise<T> {
  const id = nextId++
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
    signal: AbortSignal.timeout(options.timeoutMs ?? 10_000)
  })
  const text = await response.text()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw new RpcError(-32603, `${method}: HTTP ${response.status} from ${url}: ${text.slice(0, 200)}`)
  }
  if (isObject(body) && isObject(body.error)) {
    const { code, message, data } = body.error
    throw new RpcError(typeof code === 'number' ? code : -32603, typeof message === 'string' ? message : `${method} failed`, data)
  }
  if (!response.ok || !isObject(body) || !('result' in body)) {
    throw new RpcError(-32603, `${method}: unexpected reply (HTTP ${response.status}) from ${url}`)
  }
  return body.result as T
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

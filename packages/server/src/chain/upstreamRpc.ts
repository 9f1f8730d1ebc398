import { ApiError } from '../http/ApiError.js'

/** A JSON-RPC 2.0 request as sent upstream. */
export interface RpcRequest {
  jsonrpc: '2.0'
  id: number | string | null
  method: string
  params?: unknown
}

/** A JSON-RPC 2.0 response. */
export interface RpcResponse {
  jsonrpc: '2.0'
  id: number | string | null
  result?: unknown
  error?: { code: number; message: string; data?: unknown }
}

/** Default time an upstream node gets to answer (spec §9: RPC timeout 10 s). */
export const UPSTREAM_TIMEOUT_MS = 10_000

/**
 * POSTs one JSON-RPC request or batch to an upstream node and returns its parsed answer.
 * Failures become {@link ApiError}s a gateway would answer: 504 when the node does not answer in
 * time, 502 when it cannot be reached or answers with something that is not JSON-RPC.
 *
 * @param url - The node's endpoint.
 * @param body - One request or a batch.
 * @param timeoutMs - Give up after this long.
 * @param signal - Cancels the call early (e.g. when a background job stops); it then fails with a
 *   503 ApiError.
 */
export async function upstreamRpc(url: string, body: RpcRequest | RpcRequest[], timeoutMs = UPSTREAM_TIMEOUT_MS, signal?: AbortSignal): Promise<unknown> {
  let response: Response
  let text: string
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs)
    })
    text = await response.text()
  } catch (error) {
    if (signal?.aborted) throw new ApiError(503, 'Upstream RPC call cancelled')
    if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      throw new ApiError(504, `Upstream RPC did not answer within ${timeoutMs} ms`)
    }
    throw new ApiError(502, 'Upstream RPC unreachable')
  }
  try {
    return JSON.parse(text)
  } catch {
    throw new ApiError(502, `Upstream RPC answered HTTP ${response.status} without JSON`)
  }
}

/**
 * Sends a batch upstream and returns the responses in request order, matched by id (nodes may
 * answer a batch in any order). A missing or malformed entry is a 502.
 *
 * @param url - The node's endpoint.
 * @param requests - Requests with distinct numeric ids.
 * @param timeoutMs - Give up after this long.
 * @param signal - Cancels the call early, see {@link upstreamRpc}.
 */
export async function upstreamBatch(url: string, requests: RpcRequest[], timeoutMs = UPSTREAM_TIMEOUT_MS, signal?: AbortSignal): Promise<RpcResponse[]> {
  const answer = await upstreamRpc(url, requests, timeoutMs, signal)
  if (!Array.isArray(answer)) {
    // Some nodes answer a whole batch with one error object (e.g. rate limits).
    const message = isRpcResponse(answer) && answer.error ? answer.error.message : 'not a batch answer'
    throw new ApiError(502, `Upstream RPC rejected the batch: ${message}`)
  }
  const byId = new Map<unknown, RpcResponse>()
  for (const entry of answer) if (isRpcResponse(entry)) byId.set(entry.id, entry)
  return requests.map(request => {
    const entry = byId.get(request.id)
    if (!entry) throw new ApiError(502, `Upstream RPC gave no answer for ${request.method}`)
    return entry
  })
}

/** Whether a value looks like a JSON-RPC 2.0 response object. */
export function isRpcResponse(value: unknown): value is RpcResponse {
  if (typeof value !== 'object' || value === null) return false
  const entry = value as Record<string, unknown>
  return 'id' in entry && ('result' in entry || (typeof entry.error === 'object' && entry.error !== null))
}

import { ApiError } from '../http/ApiError.js'
import { readCappedBody } from '../http/readCappedBody.js'

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

/** Default largest upstream answer read, in bytes: a node (or something posing as one) cannot make the server hold more. */
export const UPSTREAM_MAX_BYTES = 10 * 1024 * 1024

/** A body as text, at most `maxBytes` of it (see `readCappedBody`). */
async function readCapped(response: Response, maxBytes: number): Promise<string> {
  const body = await readCappedBody(response, maxBytes)
  if (!body) throw new ApiError(502, `Upstream RPC answer exceeds ${maxBytes} bytes`)
  return body.toString('utf8')
}

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
 * @param maxBytes - Largest answer read (default {@link UPSTREAM_MAX_BYTES}); a larger one is a 502.
 */
export async function upstreamRpc(
  url: string,
  body: RpcRequest | RpcRequest[],
  timeoutMs = UPSTREAM_TIMEOUT_MS,
  signal?: AbortSignal,
  maxBytes = UPSTREAM_MAX_BYTES
): Promise<unknown> {
  let response: Response
  let text: string
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs)
    })
    // The timeout's signal also covers reading the body: a node that stalls mid-answer times out.
    text = await readCapped(response, maxBytes)
  } catch (error) {
    if (error instanceof ApiError) throw error
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
 * @param maxBytes - Largest answer read, see {@link upstreamRpc}.
 */
export async function upstreamBatch(
  url: string,
  requests: RpcRequest[],
  timeoutMs = UPSTREAM_TIMEOUT_MS,
  signal?: AbortSignal,
  maxBytes = UPSTREAM_MAX_BYTES
): Promise<RpcResponse[]> {
  const answer = await upstreamRpc(url, requests, timeoutMs, signal, maxBytes)
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

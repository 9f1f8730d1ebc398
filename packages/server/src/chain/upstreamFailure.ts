import { BaseError, HttpRequestError, RpcRequestError, TimeoutError } from 'viem'
import { ApiError } from '../http/ApiError.js'

/**
 * What a failed viem call to an upstream node means for this server, as an {@link ApiError} a
 * gateway would answer (its `reason` also serves as a log line): 504 when the node did not answer
 * in time, 502 when it could not be reached, answered a bad HTTP status, refused the call (with
 * the node's own message) or answered something unreadable, and 503 when the call was cancelled.
 *
 * @param error - What the viem call threw.
 * @param timeoutMs - The timeout the call had, for the message.
 * @param method - The JSON-RPC method, named when the node refused it.
 */
export function upstreamFailure(error: unknown, timeoutMs: number, method?: string): ApiError {
  if (error instanceof ApiError) return error
  if (error instanceof Error && error.name === 'AbortError') return new ApiError(503, 'Upstream RPC call cancelled')
  if (error instanceof BaseError) {
    if (error.walk(cause => cause instanceof TimeoutError)) return new ApiError(504, `Upstream RPC did not answer within ${timeoutMs} ms`)
    const refusal = error.walk(cause => cause instanceof RpcRequestError)
    if (refusal instanceof RpcRequestError) return new ApiError(502, `Upstream RPC failed ${method ?? 'a call'}: ${refusal.details}`)
    const http = error.walk(cause => cause instanceof HttpRequestError)
    if (http instanceof HttpRequestError) {
      return new ApiError(502, http.status === undefined ? 'Upstream RPC unreachable' : `Upstream RPC answered HTTP ${http.status}`)
    }
  }
  return new ApiError(502, `Upstream RPC answered ${method ?? 'a call'} with something unreadable`)
}

/**
 * Whether a viem call failed because the node answered with a JSON-RPC error (a revert, a method
 * it lacks), as opposed to not answering usably at all.
 *
 * @param error - What the viem call threw.
 */
export function isNodeRefusal(error: unknown): boolean {
  return error instanceof BaseError && error.walk(cause => cause instanceof RpcRequestError) instanceof RpcRequestError
}

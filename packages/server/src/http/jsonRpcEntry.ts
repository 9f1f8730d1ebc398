import type { RpcResponse } from '../chain/upstreamRpc.js'

/** JSON-RPC 2.0's "Invalid Request". */
export const INVALID_REQUEST = -32600
/** JSON-RPC 2.0's "Method not found", answered for methods a route does not allow. */
export const METHOD_NOT_ALLOWED = -32601

/** A JSON-RPC id as a request may carry it. */
export type RpcId = string | number | null

/** A JSON-RPC error answer. */
export const rpcError = (id: RpcId, code: number, message: string, data?: unknown): RpcResponse => ({
  jsonrpc: '2.0',
  id,
  error: data === undefined ? { code, message } : { code, message, data }
})

/** A checked entry of an incoming body: to be handled, or already answered. */
export type JsonRpcEntry = { kind: 'forward'; id: RpcId; notification: boolean; method: string; params?: unknown } | { kind: 'answer'; response: RpcResponse }

/**
 * Checks one JSON-RPC request object (JSON-RPC 2.0 §4) of an untrusted body: its shape, a method
 * name of at most 100 letters, digits and underscores, and the route's allow-list. What fails is
 * answered in place (`-32600` or `-32601`), as JSON-RPC answers each entry of a batch.
 *
 * @param value - One entry of the body.
 * @param allowed - Whether the route handles this method.
 */
export function checkJsonRpcEntry(value: unknown, allowed: (method: string) => boolean): JsonRpcEntry {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { kind: 'answer', response: rpcError(null, INVALID_REQUEST, 'Invalid Request') }
  const entry = value as Record<string, unknown>
  const rawId = entry.id
  const validId =
    rawId === undefined || rawId === null || (typeof rawId === 'number' && Number.isFinite(rawId)) || (typeof rawId === 'string' && rawId.length <= 200)
  const id: RpcId = validId && rawId !== undefined ? (rawId as RpcId) : null
  const params = entry.params
  if (
    entry.jsonrpc !== '2.0' ||
    !validId ||
    typeof entry.method !== 'string' ||
    !/^[A-Za-z0-9_]{1,100}$/.test(entry.method) ||
    (params !== undefined && (typeof params !== 'object' || params === null))
  ) {
    return { kind: 'answer', response: rpcError(id, INVALID_REQUEST, 'Invalid Request') }
  }
  if (!allowed(entry.method)) return { kind: 'answer', response: rpcError(id, METHOD_NOT_ALLOWED, 'Method not allowed') }
  return { kind: 'forward', id, notification: rawId === undefined, method: entry.method, params }
}

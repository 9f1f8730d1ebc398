/** A JSON-RPC 2.0 error response object. */
export interface JsonRpcErrorReply {
  jsonrpc: '2.0'
  id: string | number | null
  error: { code: number; message: string; data?: unknown }
}

/**
 * Builds a JSON-RPC 2.0 error response. The devnet's HTTP endpoints answer every failure this
 * way, even a transport one (a body too large, a node down), so wallets and viem show a
 * readable message instead of a parse error.
 *
 * @param id - The request's id; anything that is not a string or a number becomes null.
 * @param code - JSON-RPC error code.
 * @param message - Error message.
 * @param data - Optional `data` member.
 */
export function jsonRpcError(id: unknown, code: number, message: string, data?: unknown): JsonRpcErrorReply {
  return {
    jsonrpc: '2.0',
    id: typeof id === 'string' || typeof id === 'number' ? id : null,
    error: data === undefined ? { code, message } : { code, message, data }
  }
}

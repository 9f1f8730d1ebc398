/** A JSON-RPC 2.0 request id: the relay answers with the id it was given, or null when unknown. */
export type JsonRpcId = string | number | null

/** The JSON-RPC 2.0 error codes the relay answers with. */
export const RPC_ERROR = {
  /** The frame is not JSON. */
  parse: -32700,
  /** Not a JSON-RPC 2.0 request object (or too large to read). */
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  /** Something failed on our side (the database); the client may retry. */
  internal: -32603,
  /** Server-defined: the connection already has too many requests in flight. */
  busy: -32000,
  /** Server-defined: a per-connection limit (subscriptions) is reached. */
  limit: -32001
} as const

/**
 * An error a relay method throws to answer the request with `{ error: { code, message } }`
 * instead of a result. Anything else thrown becomes {@link RPC_ERROR.internal}.
 */
export class JsonRpcError extends Error {
  /**
   * @param code - One of {@link RPC_ERROR}.
   * @param message - A sentence for the client's logs.
   */
  constructor(
    readonly code: number,
    message: string
  ) {
    super(message)
    this.name = 'JsonRpcError'
  }
}

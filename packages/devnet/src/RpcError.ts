/**
 * An error with a numeric JSON-RPC / EIP-1193 code (4001 user rejected, 4100 unauthorized,
 * 4200 unsupported method, 4902 unknown chain, -32602 invalid params, ...). Dapps and libraries
 * such as viem branch on `code`, so every error the devnet produces carries one.
 */
export class RpcError extends Error {
  /** The JSON-RPC or EIP-1193 error code. */
  readonly code: number
  /** Optional extra data, passed through from the node (e.g. revert data). */
  readonly data?: unknown

  /**
   * @param code - JSON-RPC or EIP-1193 error code.
   * @param message - Human-readable message.
   * @param data - Optional `data` member of the JSON-RPC error.
   */
  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.name = 'RpcError'
    this.code = code
    if (data !== undefined) this.data = data
  }
}

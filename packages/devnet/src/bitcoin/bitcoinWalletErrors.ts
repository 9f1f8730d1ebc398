import { RpcError } from '../RpcError.js'

/**
 * The error codes of sats-connect 4.2.1 (`RpcErrorCode` in @sats-connect/core), repeated here so
 * the browser wallet does not import sats-connect. A test checks they are equal.
 */
export const BITCOIN_RPC_ERROR_CODES = Object.freeze({
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
  /** The user declined in the wallet. sats-connect's `Wallet.request` forgets the chosen wallet on it. */
  USER_REJECTION: -32000,
  METHOD_NOT_SUPPORTED: -32001,
  /** The site has no permission yet (connect first). */
  ACCESS_DENIED: -32002
} as const)

const C = BITCOIN_RPC_ERROR_CODES

/**
 * The errors the Devnet Bitcoin wallet answers with. They are thrown inside the wallet as
 * {@link RpcError}s and turned into `{ jsonrpc: '2.0', id, error: { code, message } }` responses.
 */
export const bitcoinWalletErrors = {
  /** -32000: the user said no. */
  userRejected: () => new RpcError(C.USER_REJECTION, 'User rejected the request.'),
  /** -32002: the site must connect (getAccounts / wallet_connect) first. */
  accessDenied: () => new RpcError(C.ACCESS_DENIED, 'Access denied: connect to the wallet first.'),
  /** -32601: no such method. */
  methodNotFound: (method: string) => new RpcError(C.METHOD_NOT_FOUND, `Method not found: ${method}`),
  /** -32001: a sats-connect method this devnet wallet does not implement. */
  methodNotSupported: (method: string) => new RpcError(C.METHOD_NOT_SUPPORTED, `Method not supported by Devnet Bitcoin: ${method}`),
  /** -32602: malformed or unacceptable parameters. */
  invalidParams: (detail: string) => new RpcError(C.INVALID_PARAMS, `Invalid params: ${detail}`),
  /** -32600: not a request at all. */
  invalidRequest: (detail: string) => new RpcError(C.INVALID_REQUEST, `Invalid request: ${detail}`),
  /** -32603: the wallet itself failed. */
  internal: (detail: string) => new RpcError(C.INTERNAL_ERROR, `Internal error: ${detail}`)
}

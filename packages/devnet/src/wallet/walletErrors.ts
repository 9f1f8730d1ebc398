import { RpcError } from '../RpcError.js'

/**
 * The EIP-1193 / EIP-1474 errors the wallet throws, with the codes and messages dapps and
 * libraries expect (viem maps 4001 to UserRejectedRequestError, 4902 to "add the chain first", ...).
 */
export const walletErrors = {
  /** 4001: the user said no. */
  userRejected: () => new RpcError(4001, 'User rejected the request.'),
  /** 4100: the site has no permission for the account or method. */
  unauthorized: () => new RpcError(4100, 'Unauthorized: the requested account and/or method has not been authorized by the user.'),
  /** 4200: the wallet does not implement the method. */
  unsupportedMethod: (method: string) => new RpcError(4200, `Unsupported method: ${method}`),
  /** 4900: the wallet cannot reach any chain. */
  disconnected: (detail: string) => new RpcError(4900, `Disconnected: ${detail}`),
  /** 4902: the chain is not known to the wallet; add it with wallet_addEthereumChain first. */
  unrecognizedChain: (chainId: string) => new RpcError(4902, `Unrecognized chain ID "${chainId}". Try adding the chain using wallet_addEthereumChain first.`),
  /** -32602: malformed parameters. */
  invalidParams: (detail: string) => new RpcError(-32602, `Invalid params: ${detail}`),
  /** -32600: not a valid request object. */
  invalidRequest: (detail: string) => new RpcError(-32600, `Invalid request: ${detail}`),
  /** -32603: the wallet itself failed. */
  internal: (detail: string) => new RpcError(-32603, `Internal error: ${detail}`)
}

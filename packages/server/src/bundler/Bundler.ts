/** The JSON-RPC methods a bundler answers (ERC-7769, plus `eth_chainId`, which viem's bundler client asks). */
export const BUNDLER_METHODS = [
  'eth_sendUserOperation',
  'eth_estimateUserOperationGas',
  'eth_getUserOperationByHash',
  'eth_getUserOperationReceipt',
  'eth_supportedEntryPoints',
  'eth_chainId'
] as const

/** One of {@link BUNDLER_METHODS}. */
export type BundlerMethod = (typeof BUNDLER_METHODS)[number]

/**
 * A chain's ERC-4337 bundler as the server uses it: the route `POST /v1/bundler` and the
 * embedded wallet's secure site both call {@link Bundler.request}. Refusals are thrown as
 * `BundlerError`s (a JSON-RPC code and message).
 */
export interface Bundler {
  /** The chain it serves (CAIP-2). */
  readonly caipNetworkId: string
  /** The EntryPoint it submits to. */
  readonly entryPoint: string
  /**
   * Answers one JSON-RPC call.
   *
   * @param method - One of {@link BUNDLER_METHODS}.
   * @param params - The call's params (a JSON array).
   * @param caller - Who asks: what the per-client limit counts (an external bundler ignores it).
   */
  request(method: BundlerMethod, params: unknown, caller?: BundlerCaller): Promise<unknown>
}

/** Who sends an operation, as the server knows it (not as the operation claims it). */
export interface BundlerCaller {
  /** The HTTP client's key (`http/clientKey.ts`): rotating senders does not rotate it. */
  clientKey?: string
}

/**
 * The same bundler with every call made on behalf of `caller`: what the embedded wallet hands to
 * viem's bundler client, which knows nothing of callers.
 *
 * @param bundler - The chain's bundler.
 * @param caller - Who the calls are counted against.
 */
export function bundlerForCaller(bundler: Bundler, caller: BundlerCaller): Bundler {
  return {
    caipNetworkId: bundler.caipNetworkId,
    entryPoint: bundler.entryPoint,
    request: (method, params) => bundler.request(method, params, caller)
  }
}

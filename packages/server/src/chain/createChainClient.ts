import { createPublicClient, http, type PublicClient } from 'viem'

/** Most calls viem puts in one HTTP batch; more are split (nodes cap batch sizes). */
export const MAX_CALLS_PER_BATCH = 100

/**
 * A viem client for one eip155 chain's upstream node, as the server's reads use it: every HTTP
 * request has `timeoutMs`; calls started together go out as one JSON-RPC batch; nothing is
 * retried (a background job tries again on its next round, an API call answers 502/504 at once);
 * nothing is cached (the head must be fresh on every poll); and CCIP-Read is off, so a contract's
 * revert can never make this server fetch a URL of the contract's choosing.
 *
 * @param url - The node's endpoint.
 * @param timeoutMs - Time each HTTP request gets.
 * @param signal - Aborts every request in flight, e.g. when a background job stops.
 */
export function createChainClient(url: string, timeoutMs: number, signal?: AbortSignal): PublicClient {
  return createPublicClient({
    transport: http(url, {
      timeout: timeoutMs,
      retryCount: 0,
      batch: { batchSize: MAX_CALLS_PER_BATCH },
      ...(signal ? { fetchOptions: { signal } } : {})
    }),
    cacheTime: 0,
    ccipRead: false
  })
}

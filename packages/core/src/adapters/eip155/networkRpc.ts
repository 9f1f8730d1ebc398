import { fallback, http, type Transport } from 'viem'
import type { CaipNetwork } from '../../types/network.js'
import type { AdapterContext } from '../ChainAdapter.js'
import { WalletModalError } from '../../errors/WalletModalError.js'
import { DEFAULT_TIMEOUT_MS } from '../../api/HttpClient.js'
import { rpcUrlOf } from './eip155Networks.js'

/**
 * How several RPC URLs of a network are ranked (spec §9): a sample of 10, each ping given 1 s,
 * one every 4 s, weighted 0.7 for stability and 0.3 for latency. viem's `fallback` transport does
 * exactly this; the ping is `eth_blockNumber`, which every node answers.
 */
export const RPC_RANKING = { interval: 4_000, sampleCount: 10, timeout: 1_000, weights: { stability: 0.7, latency: 0.3 } } as const

type Request = ReturnType<Transport>['request']
const ranked = new WeakMap<AdapterContext, Map<string, Request>>()

/**
 * Calls the network's RPC: one URL through the modal's HTTP client (batched, with its retries); a
 * network with several URLs through viem's `fallback` transport over each (batched JSON-RPC over
 * HTTP), ranked by {@link RPC_RANKING} and falling over to the next when one fails. The ranking's
 * pings stop when the modal is destroyed (the context's signal).
 *
 * @param ctx - The adapter's context.
 * @param network - The network (the site's URLs, never the wallet's).
 * @param method - The JSON-RPC method.
 * @param params - Its params.
 * @throws WalletModalError `RPC_ERROR` when every URL failed
 */
export async function networkRpc<T>(ctx: AdapterContext, network: CaipNetwork, method: string, params: unknown[]): Promise<T> {
  const urls = network.rpcUrls.default.http
  if (urls.length <= 1) return (await ctx.loadHttp()).rpc<T>(rpcUrlOf(network), method, params)
  let byNetwork = ranked.get(ctx)
  if (!byNetwork) ranked.set(ctx, (byNetwork = new Map()))
  let request = byNetwork.get(network.caipNetworkId)
  if (!request) {
    const timeout = ctx.options().http?.timeoutMs ?? DEFAULT_TIMEOUT_MS
    const signal = ctx.signal
    const transport = fallback(
      urls.map(url => http(url, { batch: { batchSize: 1000 }, timeout, retryCount: 0 })),
      {
        // Once more after 150 ms (the spec's base delay): a ranking round that reorders the URLs
        // while a call is failing over can send it back to the one that just failed.
        retryCount: 1,
        retryDelay: 150,
        rank: {
          ...RPC_RANKING,
          // A destroyed modal's ranking stops: its ping never settles, so no next round is timed.
          ping: ({ transport }) => (signal?.aborted ? new Promise(() => {}) : transport.request({ method: 'eth_blockNumber' }))
        }
      }
    )
    request = transport({}).request
    byNetwork.set(network.caipNetworkId, request)
  }
  try {
    return (await request({ method, params } as never)) as T
  } catch (err) {
    throw new WalletModalError('RPC_ERROR', { details: (err as { shortMessage?: string }).shortMessage ?? (err as Error).message, cause: err })
  }
}

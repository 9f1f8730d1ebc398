import { upstreamBatch, type RpcRequest, type RpcResponse } from '../chain/upstreamRpc.js'

/** Most calls sent in one HTTP request; longer lists are split (nodes cap batch sizes). */
export const MAX_CALLS_PER_BATCH = 100

/** One JSON-RPC call: method and positional parameters. */
export type RpcCall = readonly [method: string, params: readonly unknown[]]

/**
 * JSON-RPC to one chain's upstream node for a background job: every request has the upstream
 * timeout, and all of them are cancelled at once through `signal` when the job stops.
 */
export class ChainRpc {
  /**
   * @param url - The node's endpoint.
   * @param timeoutMs - Time each HTTP request gets.
   * @param signal - Aborts every request in flight (they then reject).
   */
  constructor(
    readonly url: string,
    private readonly timeoutMs: number,
    private readonly signal: AbortSignal
  ) {}

  /**
   * Sends calls as batches of at most {@link MAX_CALLS_PER_BATCH} and returns the answers in call
   * order. A call the node refuses comes back with its `error` set; a node that cannot be reached
   * or answers nonsense rejects the whole promise.
   *
   * @param calls - The calls, in order.
   */
  async batch(calls: readonly RpcCall[]): Promise<RpcResponse[]> {
    const answers: RpcResponse[] = []
    for (let start = 0; start < calls.length; start += MAX_CALLS_PER_BATCH) {
      const requests = calls.slice(start, start + MAX_CALLS_PER_BATCH).map(([method, params], i): RpcRequest => ({ jsonrpc: '2.0', id: i, method, params }))
      answers.push(...(await upstreamBatch(this.url, requests, this.timeoutMs, this.signal)))
    }
    return answers
  }

  /**
   * Sends one call and returns its result; a refusal by the node rejects with its message.
   *
   * @param method - JSON-RPC method.
   * @param params - Positional parameters.
   */
  async call(method: string, params: readonly unknown[]): Promise<unknown> {
    const [answer] = await this.batch([[method, params]])
    if (!answer || answer.error) throw new Error(`${method} failed: ${answer?.error?.message ?? 'no answer'}`)
    return answer.result
  }
}

import { isRpcResponse, upstreamRpc } from '../chain/upstreamRpc.js'
import { ApiError } from '../http/ApiError.js'
import type { Bundler, BundlerMethod } from './Bundler.js'
import { BUNDLER_ERROR, BundlerError } from './BundlerError.js'

/** Largest answer read from an external bundler: receipts with many logs fit; more is refused. */
const REMOTE_MAX_BYTES = 2 * 1024 * 1024

/**
 * A chain's bundler run by someone else (`smartAccounts.bundler.url`): the allow-listed methods
 * are forwarded one by one, with the server's upstream timeout over the whole answer and a size
 * cap. The external bundler's JSON-RPC errors are passed on with their code and message; when it
 * fails to answer, the caller gets `-32603` saying so.
 *
 * @example
 * ```ts
 * const bundler = new RemoteBundler('eip155:8453', entryPoint08Address, 'https://bundler.example/rpc', 10_000)
 * ```
 */
export class RemoteBundler implements Bundler {
  private id = 0

  constructor(
    readonly caipNetworkId: string,
    readonly entryPoint: string,
    private readonly url: string,
    private readonly timeoutMs: number
  ) {}

  async request(method: BundlerMethod, params: unknown): Promise<unknown> {
    let answer: unknown
    try {
      answer = await upstreamRpc(this.url, { jsonrpc: '2.0', id: ++this.id, method, params: params ?? [] }, this.timeoutMs, undefined, REMOTE_MAX_BYTES)
    } catch (error) {
      throw new BundlerError(BUNDLER_ERROR.internal, `The bundler failed: ${error instanceof ApiError ? error.message : 'unreachable'}`)
    }
    if (!isRpcResponse(answer)) throw new BundlerError(BUNDLER_ERROR.internal, 'The bundler gave no JSON-RPC answer')
    if (answer.error) {
      const code = Number.isInteger(answer.error.code) ? answer.error.code : BUNDLER_ERROR.internal
      throw new BundlerError(code, String(answer.error.message ?? 'The bundler refused').slice(0, 500), answer.error.data)
    }
    return answer.result
  }
}

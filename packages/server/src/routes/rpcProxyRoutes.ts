import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { checkLogsCall, MAX_LOGS_BLOCK_RANGE } from '../chain/logsRangeProblem.js'
import { isRpcMethodAllowed } from '../chain/rpcAllowList.js'
import { isRpcResponse, UPSTREAM_MAX_BYTES, upstreamBatch, upstreamRpc, type RpcRequest, type RpcResponse } from '../chain/upstreamRpc.js'
import { blockchainEndpoints } from '@wallet-modal/wire'
import { ApiError } from '../http/ApiError.js'
import { checkJsonRpcEntry, INVALID_REQUEST, rpcError, type JsonRpcEntry } from '../http/jsonRpcEntry.js'
import type { RouteContext } from './RouteContext.js'

/** Most entries `rpcProxy.maxBatch` may allow in one batch (spec §9: batch size 1000). */
export const MAX_RPC_BATCH = 1000

/** Default most entries in one batch: a batch is one request to the rate limits, so it is kept small. */
export const DEFAULT_RPC_BATCH = 100

/**
 * The RPC proxy of spec §7 (`blockchainEndpoints.rpcProxy` of the wire contract):
 * `POST /v1/?chainId=eip155:N&projectId=…` with one JSON-RPC request or
 * a batch (at most `rpcProxy.maxBatch`, default {@link DEFAULT_RPC_BATCH}), forwarded to the
 * chain's upstream node with a 10 s timeout. Only allow-listed methods are forwarded (see
 * `rpcAllowList.ts`); others, malformed entries and `eth_getLogs` calls over more than
 * `rpcProxy.maxLogsBlockRange` blocks (-32005) are answered here, entry by entry, in the batch's
 * order. An `eth_getLogs` filter is forwarded as `checkLogsCall` rebuilt it (spec keys only,
 * normalised; anything else -32602), so the node reads the filter whose range was checked. The upstream answer is read up to `rpcProxy.maxResponseBytes` (default 10 MB); a larger
 * one is cut off and answered 502.
 *
 * Protocol errors use JSON-RPC's own shape (HTTP 400 with `error: { code: -32600 }` for an empty
 * or oversized batch); errors about the URL (unknown chain, project) the server's
 * `{ error, reason }`. An upstream that fails or times out gives 502 / 504.
 *
 * @param app - The Fastify instance.
 * @param ctx - Shared configuration.
 */
export function rpcProxyRoutes(app: FastifyInstance, ctx: RouteContext): void {
  const maxBatch = ctx.config.rpcProxy?.maxBatch ?? DEFAULT_RPC_BATCH
  const maxLogsRange = ctx.config.rpcProxy?.maxLogsBlockRange ?? MAX_LOGS_BLOCK_RANGE
  const maxBytes = ctx.config.rpcProxy?.maxResponseBytes ?? UPSTREAM_MAX_BYTES
  const handler = async (request: FastifyRequest<{ Querystring: { chainId: string } }>, reply: FastifyReply) => {
    const chain = ctx.chains.get(request.query.chainId)
    if (!chain) throw new ApiError(400, `Chain not supported by the RPC proxy: ${request.query.chainId}`)
    const body: unknown = request.body
    const isBatch = Array.isArray(body)
    const items: unknown[] = isBatch ? body : [body]
    if (isBatch && items.length === 0) return reply.code(400).send(rpcError(null, INVALID_REQUEST, 'Invalid Request: empty batch'))
    if (items.length > maxBatch) {
      return reply.code(400).send(rpcError(null, INVALID_REQUEST, `Invalid Request: batch of ${items.length} entries exceeds ${maxBatch}`))
    }

    const entries: JsonRpcEntry[] = items.map(item => checkJsonRpcEntry(item, method => isRpcMethodAllowed(chain.caipNetworkId, method)))
    // The head is read once per request, and only if a log range needs it.
    let head: Promise<bigint> | undefined
    const headOf = () =>
      (head ??= single(chain.rpcUrl, { jsonrpc: '2.0', id: 0, method: 'eth_blockNumber' }, ctx.upstreamTimeoutMs, maxBytes).then(answer => {
        if (typeof answer.result !== 'string' || !/^0x[0-9a-fA-F]+$/.test(answer.result)) throw new ApiError(502, 'Upstream RPC gave no block number')
        return BigInt(answer.result)
      }))
    for (const [position, entry] of entries.entries()) {
      if (entry.kind !== 'forward' || entry.method !== 'eth_getLogs') continue
      const checked = await checkLogsCall(entry.params, maxLogsRange, headOf)
      entries[position] = checked.ok ? { ...entry, params: checked.params } : { kind: 'answer', response: rpcError(entry.id, checked.code, checked.message) }
    }
    // Upstream ids are positions, so answers map back whatever ids (or duplicates) the caller used.
    const forwarded: RpcRequest[] = []
    entries.forEach((entry, position) => {
      if (entry.kind === 'forward') {
        forwarded.push({ jsonrpc: '2.0', id: position, method: entry.method, ...(entry.params !== undefined ? { params: entry.params } : {}) })
      }
    })
    const upstream = new Map<number, RpcResponse>()
    if (forwarded.length > 0) {
      const answers = isBatch
        ? await upstreamBatch(chain.rpcUrl, forwarded, ctx.upstreamTimeoutMs, undefined, maxBytes)
        : [await single(chain.rpcUrl, forwarded[0]!, ctx.upstreamTimeoutMs, maxBytes)]
      answers.forEach((answer, i) => upstream.set(forwarded[i]!.id as number, answer))
    }

    const responses: RpcResponse[] = []
    entries.forEach((entry, position) => {
      if (entry.kind === 'answer') responses.push(entry.response)
      else if (!entry.notification) {
        const answer = upstream.get(position)!
        responses.push(answer.error ? { jsonrpc: '2.0', id: entry.id, error: answer.error } : { jsonrpc: '2.0', id: entry.id, result: answer.result })
      }
    })
    if (responses.length === 0) return reply.code(204).send()
    return reply.send(isBatch ? responses : responses[0])
  }

  const options = {
    config: { access: 'project' as const },
    // A full batch of eth_calls with calldata is larger than Fastify's 1 MB default.
    bodyLimit: 8 * 1024 * 1024,
    // Entries of the body are checked one by one by the handler (JSON-RPC answers each).
    schema: { querystring: blockchainEndpoints.rpcProxy.query }
  }
  app.post(blockchainEndpoints.rpcProxy.path, options, handler)
  app.post(blockchainEndpoints.rpcProxy.path.replace(/\/$/, ''), options, handler)
}

async function single(url: string, request: RpcRequest, timeoutMs: number, maxBytes: number): Promise<RpcResponse> {
  const answer = await upstreamRpc(url, request, timeoutMs, undefined, maxBytes)
  if (!isRpcResponse(answer)) throw new ApiError(502, `Upstream RPC gave no JSON-RPC answer for ${request.method}`)
  return answer
}

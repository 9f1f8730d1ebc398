import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { bundlerEndpoints } from '@wallet-modal/wire'
import { BUNDLER_METHODS, type BundlerMethod } from '../bundler/Bundler.js'
import { BUNDLER_ERROR, BundlerError } from '../bundler/BundlerError.js'
import type { RpcResponse } from '../chain/upstreamRpc.js'
import { ApiError } from '../http/ApiError.js'
import { clientKey } from '../http/clientKey.js'
import { checkJsonRpcEntry, INVALID_REQUEST, rpcError } from '../http/jsonRpcEntry.js'
import type { RouteContext } from './RouteContext.js'

/** Most entries in one batch to the bundler: each may cost simulations, so batches stay small. */
export const MAX_BUNDLER_BATCH = 10

const isBundlerMethod = (method: string): method is BundlerMethod => (BUNDLER_METHODS as readonly string[]).includes(method)

/**
 * The bundler endpoint (`bundlerEndpoints.bundler` of the wire contract):
 * `POST /v1/bundler?chainId=eip155:N&projectId=…`, ERC-7769 JSON-RPC for the chains the operator
 * enabled smart accounts on (`chains[].smartAccounts`), one request or a batch of at most
 * {@link MAX_BUNDLER_BATCH}. Only the bundler methods are answered (others `-32601`); refusals
 * are JSON-RPC errors with ERC-7769's codes (`-32507` bad signature, `-32500` the EntryPoint's
 * validation, `-32502` a sender not of the configured factory, `-32005` a sender or a client
 * over its per-minute limit: the client is this request's address, so naming other senders does
 * not escape it). Counted in the `bundler` rate group per client.
 *
 * @param app - The Fastify instance.
 * @param ctx - Shared configuration; `ctx.bundlers` holds the chains' bundlers.
 */
export function bundlerRoutes(app: FastifyInstance, ctx: RouteContext): void {
  app.post(
    bundlerEndpoints.bundler.path,
    { config: { access: 'project' as const }, schema: { querystring: bundlerEndpoints.bundler.query } },
    async (request: FastifyRequest<{ Querystring: { chainId: string } }>, reply: FastifyReply) => {
      const bundler = ctx.bundlers.get(request.query.chainId)
      if (!bundler) throw new ApiError(400, `No bundler for ${request.query.chainId}: smart accounts are not enabled on it`)
      const body: unknown = request.body
      const isBatch = Array.isArray(body)
      const items: unknown[] = isBatch ? body : [body]
      if (isBatch && (items.length === 0 || items.length > MAX_BUNDLER_BATCH)) {
        return reply.code(400).send(rpcError(null, INVALID_REQUEST, `Invalid Request: a batch of 1 to ${MAX_BUNDLER_BATCH} entries`))
      }
      const caller = { clientKey: clientKey(request.ip) }
      const responses: RpcResponse[] = []
      // One after another: a batch's operations are sent in its order.
      for (const item of items) {
        const entry = checkJsonRpcEntry(item, isBundlerMethod)
        if (entry.kind === 'answer') {
          responses.push(entry.response)
          continue
        }
        try {
          const result = await bundler.request(entry.method as BundlerMethod, entry.params ?? [], caller)
          if (!entry.notification) responses.push({ jsonrpc: '2.0', id: entry.id, result })
        } catch (error) {
          const refusal = error instanceof BundlerError ? error : new BundlerError(BUNDLER_ERROR.internal, 'The bundler failed')
          if (!(error instanceof BundlerError)) request.log.error(error)
          if (!entry.notification) responses.push(rpcError(entry.id, refusal.code, refusal.message, refusal.data))
        }
      }
      if (responses.length === 0) return reply.code(204).send()
      return reply.send(isBatch ? responses : responses[0])
    }
  )
}

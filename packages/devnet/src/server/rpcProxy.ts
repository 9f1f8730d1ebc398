import type { FastifyInstance, FastifyReply } from 'fastify'
import { acceptJsonRpcBodies } from './acceptJsonRpcBodies.js'
import { jsonRpcError } from './jsonRpcError.js'

/** Largest JSON-RPC request body the proxy accepts. */
export const RPC_BODY_LIMIT = 1024 * 1024

/** A node the proxy forwards to: its endpoint and the chain's id (an EIP-155 number, or `solana`). */
export interface RpcProxyTarget {
  chainId: number | string
  rpcUrl: string
}

/** Options of {@link rpcProxy}. */
export interface RpcProxyOptions {
  /** The node for the `:chain` path segment (`31337`, `solana`), or undefined when there is none. */
  target(chain: string): RpcProxyTarget | undefined
  /** How long to wait for the node. */
  timeoutMs: number
}

/**
 * A Fastify plugin: `POST /rpc/:chain` forwards the JSON-RPC body, as sent, to a devnet node
 * (anvil, or the local Solana network) and relays its reply, status and Content-Type.
 *
 * The page reaches the chains only through this same-origin proxy, so the demo can keep
 * `connect-src 'self'` in its CSP. Errors are answered as JSON-RPC error objects (so the wallet
 * and viem surface a readable message): 404 for an unknown chain, 405 for a method other than
 * POST, 413 for bodies over 1 MiB, 400 for invalid JSON, 502 when the node cannot be reached and
 * 504 when it does not answer in time.
 *
 * Register it in its own scope: it sets that scope's body parser and error handler.
 *
 * @param scope - The (encapsulated) Fastify scope to add the route to.
 * @param options - See {@link RpcProxyOptions}.
 */
export async function rpcProxy(scope: FastifyInstance, options: RpcProxyOptions): Promise<void> {
  acceptJsonRpcBodies(scope, RPC_BODY_LIMIT)
  // The chain and the method are checked before the body is read, so a refused request's body is
  // never parsed.
  scope.addHook('onRequest', async (request, reply) => {
    const { chain } = request.params as { chain: string }
    if (!options.target(chain)) return sendError(reply, 404, null, -32601, 'Unknown devnet chain')
    if (request.method !== 'POST') return sendError(reply.header('Allow', 'POST'), 405, null, -32600, 'Use POST for JSON-RPC')
  })
  scope.all('/rpc/:chain', async (request, reply) => {
    const target = options.target((request.params as { chain: string }).chain)!
    const body = Buffer.isBuffer(request.body) ? request.body.toString('utf8') : ''
    let payload: unknown
    try {
      payload = JSON.parse(body)
    } catch {
      return sendError(reply, 400, null, -32700, 'Parse error: the body is not JSON')
    }
    const id = typeof payload === 'object' && payload !== null && 'id' in payload ? payload.id : null
    try {
      const upstream = await fetch(target.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        signal: AbortSignal.timeout(options.timeoutMs)
      })
      const text = await upstream.text()
      return reply
        .code(upstream.status)
        .type(upstream.headers.get('content-type') ?? 'application/json')
        .send(text)
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === 'TimeoutError'
      return timedOut
        ? sendError(reply, 504, id, -32603, `Devnet chain ${target.chainId} did not answer within ${options.timeoutMs} ms`)
        : sendError(reply, 502, id, -32603, `Devnet chain ${target.chainId} is not reachable (is the devnet running?)`)
    }
  })
}

function sendError(reply: FastifyReply, status: number, id: unknown, code: number, message: string): FastifyReply {
  return reply.code(status).send(jsonRpcError(id, code, message))
}

import type { FastifyError, FastifyInstance } from 'fastify'
import { jsonRpcError } from './jsonRpcError.js'

/**
 * Makes a Fastify scope take every request body as raw bytes (a Buffer in `request.body`), up to
 * `limit`, whatever its Content-Type: JSON-RPC callers send `application/json`, `text/plain`
 * (fetch's default) or none, and the handlers parse the JSON themselves so that a syntax error
 * becomes JSON-RPC's -32700 rather than Fastify's own error body.
 *
 * Failures before the handler are answered as JSON-RPC errors too: 413 (and the connection
 * closed, since the rest of the body is not read) for a body over `limit`, the status Fastify
 * chose for another unreadable body, 500 for a bug (logged).
 *
 * @param scope - The Fastify instance or encapsulated plugin scope to configure.
 * @param limit - Largest body in bytes.
 */
export function acceptJsonRpcBodies(scope: FastifyInstance, limit: number): void {
  scope.removeAllContentTypeParsers()
  scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: limit }, (_request, body, done) => done(null, body))
  scope.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply
        .code(413)
        .header('Connection', 'close')
        .send(jsonRpcError(null, -32600, `Request body larger than ${limit} bytes`))
    }
    const status = error.statusCode
    if (status !== undefined && status >= 400 && status < 500) {
      return reply.code(status).send(jsonRpcError(null, -32600, 'Could not read the request body'))
    }
    console.error(`${request.method} ${request.url}:`, error)
    return reply.code(500).send(jsonRpcError(null, -32603, 'Internal error'))
  })
}

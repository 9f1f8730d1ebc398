import type { FastifyError, FastifyInstance } from 'fastify'
import { ApiError, errorName } from './ApiError.js'

/**
 * Makes every failure answer with a JSON `{ error, reason }` body: errors routes throw
 * ({@link ApiError}), schema validation failures (400, with the offending field), Fastify's own
 * errors (bad JSON, body too large, wrong content type) and unknown routes (404). Unexpected
 * errors answer 500 without internals and are logged.
 *
 * @param app - The Fastify instance.
 */
export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) return reply.code(error.status).send(error.toBody())
    if (error.validation) {
      // "Invalid querystring: entries must be <=100, got 101" reads better than Fastify's default wording.
      const reason = `Invalid ${error.validationContext ?? 'request'}: ${error.validation
        .map(v => `${v.instancePath.slice(1).replace(/\//g, '.')} ${v.message ?? 'is invalid'}`.trim())
        .join('; ')}`
      return reply.code(400).send({ error: 'bad_request', reason })
    }
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500
    if (status === 500) {
      request.log.error(error)
      console.error(`wallet-modal-server: ${request.method} ${request.url.split('?')[0]}:`, error)
      return reply.code(500).send({ error: errorName(500), reason: 'Internal server error' })
    }
    return reply.code(status).send({ error: errorName(status), reason: error.message })
  })
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ error: 'not_found', reason: `No route for ${request.method} ${request.url.split('?')[0]}` })
  })
}

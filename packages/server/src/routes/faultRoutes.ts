import type { FastifyInstance } from 'fastify'
import { ApiError } from '../http/ApiError.js'
import type { FaultInjector, FaultSpec } from '../http/FaultInjector.js'

/**
 * The test-only fault API (registered only with `enableFaults`): `POST /__faults` adds a fault
 * or clears them all, `GET /__faults/hits?path=` counts requests that reached a path prefix since
 * the last clear. Needs no project parameters.
 *
 * @param app - The Fastify instance.
 * @param faults - The injector the `onRequest` hook consults.
 */
export function faultRoutes(app: FastifyInstance, faults: FaultInjector): void {
  app.post<{ Body: FaultSpec }>(
    '/__faults',
    {
      config: { access: 'open' },
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['path', 'mode'],
          properties: {
            path: { type: 'string', pattern: '^/', minLength: 1, maxLength: 300 },
            mode: { type: 'string', enum: ['status', 'hang', 'malformed', 'clear'] },
            status: { type: 'integer', minimum: 400, maximum: 599 },
            retryAfter: { type: 'integer', minimum: 0, maximum: 86_400 },
            times: { type: 'integer', minimum: 1, maximum: 1_000_000 }
          }
        }
      }
    },
    async request => {
      if (request.body.mode === 'status' && request.body.status === undefined) throw new ApiError(400, 'mode "status" needs a status')
      faults.set(request.body)
      return { ok: true }
    }
  )

  app.get<{ Querystring: { path: string } }>(
    '/__faults/hits',
    {
      config: { access: 'open' },
      schema: {
        querystring: {
          type: 'object',
          required: ['path'],
          properties: { path: { type: 'string', pattern: '^/', maxLength: 300 } }
        }
      }
    },
    async request => ({ hits: faults.hitsFor(request.query.path) })
  )
}

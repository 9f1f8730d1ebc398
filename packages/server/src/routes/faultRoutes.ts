import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { ApiError } from '../http/ApiError.js'
import { FaultPathSchema, FaultSpecSchema, type FaultInjector, type FaultSpec } from '../http/FaultInjector.js'

/** Query of `GET /__faults/hits` and `GET /__faults/requests`. */
const PrefixQuerySchema = v.object({ path: FaultPathSchema })

/**
 * The test-only fault API (registered only with `enableFaults`): `POST /__faults` adds a fault
 * or clears them all (with the counts and recorded requests), `GET /__faults/hits?path=` counts
 * the requests that reached a path prefix since the last clear, and `GET /__faults/requests?path=`
 * lists their URLs (path and query as received), so a test sees what a client really sent.
 * Needs no project parameters.
 *
 * @param app - The Fastify instance.
 * @param faults - The injector the `onRequest` hook consults.
 */
export function faultRoutes(app: FastifyInstance, faults: FaultInjector): void {
  app.post<{ Body: FaultSpec }>('/__faults', { config: { access: 'open' }, schema: { body: FaultSpecSchema } }, async request => {
    if (request.body.mode === 'status' && request.body.status === undefined) throw new ApiError(400, 'mode "status" needs a status')
    faults.set(request.body)
    return { ok: true }
  })

  type PrefixQuery = { Querystring: v.InferOutput<typeof PrefixQuerySchema> }
  const prefixQuery = { config: { access: 'open' as const }, schema: { querystring: PrefixQuerySchema } }
  app.get<PrefixQuery>('/__faults/hits', prefixQuery, async request => ({ hits: faults.hitsFor(request.query.path) }))
  app.get<PrefixQuery>('/__faults/requests', prefixQuery, async request => ({ requests: faults.requestsTo(request.query.path) }))
}

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
  // Faults change how the server answers everyone: only a test on this machine may set them.
  // request.ip is the client as trustProxy sees it, so a remote client behind a local proxy is
  // refused too; it is told nothing (404), as if the API were not mounted.
  app.addHook('onRequest', async request => {
    if (request.url.startsWith('/__faults') && !isLoopback(request.ip)) {
      throw new ApiError(404, `No route for ${request.method} ${request.url.split('?')[0]}`, 'not_found')
    }
  })
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

/**
 * Whether an address is this machine's: 127.0.0.0/8, ::1, or IPv4-mapped loopback.
 *
 * @param ip - A client address as the server sees it.
 */
export function isLoopback(ip: string): boolean {
  return ip === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/i.test(ip)
}

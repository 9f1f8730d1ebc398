import type { FastifyInstance } from 'fastify'
import { createHash, timingSafeEqual } from 'node:crypto'
import * as v from 'valibot'
import { analyticsEndpoints, ClientParamsSchema, MAX_EVENT_BYTES, queryInteger, type AnalyticsEvent } from '@wallet-modal/wire'
import { ApiError } from '../http/ApiError.js'
import { serveEndpoint } from '../http/serveEndpoint.js'
import type { RouteContext } from './RouteContext.js'

// The limit is the wire contract's; the server's entry point has always exported it.
export { MAX_EVENT_BYTES } from '@wallet-modal/wire'

/** A stored event as `GET /e` returns it: the event, when it arrived and which sdk sent it. */
interface StoredEvent extends AnalyticsEvent {
  receivedAt: string
  sdkType: string
  sdkVersion: string
}

/** Query of `GET /e` (the site owner's read-back, not a call the modal makes). */
const EventsQuerySchema = v.object({
  ...ClientParamsSchema.entries,
  limit: v.optional(queryInteger(1, 1000), 100),
  event: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(100)))
})

/**
 * The analytics and error sink of spec §7: `POST /e` stores an event (202 `{ ok: true }`; a
 * retried event id is stored once); `GET /e` reads a project's events back, newest first, for
 * the site owner, with `Authorization: Bearer <analyticsReadToken>` (no token configured: reading
 * is off). When analytics are off for the project, events are accepted and dropped
 * (`stored: false`): the site owner's choice wins over a client that sends anyway.
 *
 * What is stored is less than what is sent: the page URL without its query and fragment, and no
 * wallet address (`props.address`, `props.properties.address`) unless the project sets
 * `analyticsStoreAddresses`.
 *
 * @param app - The Fastify instance.
 * @param ctx - Shared configuration and storage.
 */
export function analyticsRoutes(app: FastifyInstance, ctx: RouteContext): void {
  serveEndpoint(app, analyticsEndpoints.sendEvent, { bodyLimit: MAX_EVENT_BYTES }, async (request, reply) => {
    const project = request.project!
    const enabled = project.analyticsEnabled ?? ctx.config.analyticsEnabled ?? false
    if (enabled) {
      const { eventId, url, domain, timestamp } = request.body
      // Visitors' addresses are kept only where the project says so; page URLs never keep their
      // query or fragment, which carry tokens, e-mail addresses and campaign ids.
      const props = project.analyticsStoreAddresses ? request.body.props : withoutAddresses(request.body.props)
      await ctx.store.query(
        `INSERT INTO analytics_events (project_id, event_id, event, type, address, url, domain, client_timestamp, sdk_type, sdk_version, props)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb)
         ON CONFLICT (project_id, event_id) DO NOTHING`,
        [
          project.id,
          eventId,
          props.event,
          props.type ?? null,
          props.address ?? null,
          pageUrl(url),
          domain,
          timestamp,
          request.query.st,
          request.query.sv,
          JSON.stringify(props)
        ]
      )
    }
    return reply.code(202).send(enabled ? { ok: true } : { ok: true, stored: false })
  })

  app.get<{ Querystring: v.InferOutput<typeof EventsQuerySchema> }>('/e', { schema: { querystring: EventsQuerySchema } }, async request => {
    const token = ctx.config.analyticsReadToken
    if (!token) throw new ApiError(403, 'Reading events is off: set analyticsReadToken in the server configuration', 'forbidden')
    if (!sameSecret(request.headers.authorization ?? '', `Bearer ${token}`)) {
      throw new ApiError(401, 'Reading events needs Authorization: Bearer <analyticsReadToken>')
    }
    const { limit, event } = request.query
    const result = await ctx.store.query<StoredEvent>(
      `SELECT event_id AS "eventId", url, domain, client_timestamp::float8 AS timestamp, props,
                to_char(received_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "receivedAt",
                sdk_type AS "sdkType", sdk_version AS "sdkVersion"
         FROM analytics_events
         WHERE project_id = $1 AND ($2::text IS NULL OR event = $2)
         ORDER BY id DESC LIMIT $3`,
      [request.project!.id, event ?? null, limit]
    )
    return { events: result.rows }
  })
}

/** Compares two secrets in constant time (hashing first makes the lengths equal). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest()
  return timingSafeEqual(digest(given), digest(expected))
}

/** A page URL without query string and fragment. */
function pageUrl(url: string): string {
  return url.split(/[?#]/, 1)[0] ?? ''
}

/** The event's props without the visitor's wallet address, top-level or in `properties`. */
function withoutAddresses(props: AnalyticsEvent['props']): AnalyticsEvent['props'] {
  const { address: _address, ...rest } = props
  const properties = rest.properties
  if (typeof properties === 'object' && properties !== null && !Array.isArray(properties) && 'address' in properties) {
    const { address: _inner, ...others } = properties as Record<string, unknown>
    return { ...rest, properties: others }
  }
  return rest
}

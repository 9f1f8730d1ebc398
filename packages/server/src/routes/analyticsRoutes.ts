import type { FastifyInstance } from 'fastify'
import { createHash, timingSafeEqual } from 'node:crypto'
import { ApiError } from '../http/ApiError.js'
import { CLIENT_PARAMS } from '../http/schemas.js'
import type { RouteContext } from './RouteContext.js'

/** The body of `POST /e` (spec §7). */
interface EventBody {
  eventId: string
  url: string
  domain: string
  timestamp: number
  props: {
    type?: string
    event: string
    address?: string
    properties?: Record<string, unknown>
    errorType?: string
    errorMessage?: string
    stackTrace?: string
    [key: string]: unknown
  }
}

/** A stored event as `GET /e` returns it. */
interface StoredEvent {
  eventId: string
  url: string
  domain: string
  timestamp: number
  props: EventBody['props']
  receivedAt: string
  sdkType: string
  sdkVersion: string
}

/** Largest accepted event (stack traces included). */
export const MAX_EVENT_BYTES = 64 * 1024

const EVENT_BODY_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['eventId', 'url', 'domain', 'timestamp', 'props'],
  properties: {
    eventId: { type: 'string', minLength: 1, maxLength: 100 },
    url: { type: 'string', maxLength: 2048 },
    domain: { type: 'string', maxLength: 255 },
    timestamp: { type: 'integer', minimum: 0, maximum: 8_640_000_000_000_000 },
    props: {
      type: 'object',
      required: ['event'],
      // Events carry event-specific fields beside the documented ones; the body limit bounds them.
      additionalProperties: true,
      properties: {
        type: { type: 'string', maxLength: 50 },
        event: { type: 'string', minLength: 1, maxLength: 100 },
        address: { type: 'string', maxLength: 200 },
        properties: { type: 'object' },
        errorType: { type: 'string', maxLength: 200 },
        errorMessage: { type: 'string', maxLength: 5000 },
        stackTrace: { type: 'string', maxLength: 50_000 }
      }
    }
  }
} as const

/**
 * The analytics and error sink of spec §7: `POST /e` stores an event (202 `{ ok: true }`; a
 * retried event id is stored once); `GET /e` reads a project's events back, newest first, for
 * tests and for the site owner (behind `analyticsReadToken` when configured). When analytics are off for the project, events are accepted and
 * dropped (`stored: false`): the site owner's choice wins over a client that sends anyway.
 *
 * @param app - The Fastify instance.
 * @param ctx - Shared configuration and storage.
 */
export function analyticsRoutes(app: FastifyInstance, ctx: RouteContext): void {
  app.post<{ Body: EventBody; Querystring: { st: string; sv: string } }>(
    '/e',
    { bodyLimit: MAX_EVENT_BYTES, schema: { body: EVENT_BODY_SCHEMA } },
    async (request, reply) => {
      const project = request.project!
      const enabled = project.analyticsEnabled ?? ctx.config.analyticsEnabled ?? false
      if (enabled) {
        const { eventId, url, domain, timestamp, props } = request.body
        await ctx.store.query(
          `INSERT INTO analytics_events (project_id, event_id, event, type, address, url, domain, client_timestamp, sdk_type, sdk_version, props)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb)
           ON CONFLICT (project_id, event_id) DO NOTHING`,
          [project.id, eventId, props.event, props.type ?? null, props.address ?? null, url, domain, timestamp, request.query.st, request.query.sv, JSON.stringify(props)]
        )
      }
      return reply.code(202).send(enabled ? { ok: true } : { ok: true, stored: false })
    }
  )

  app.get<{ Querystring: { limit: number; event?: string } }>(
    '/e',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            ...CLIENT_PARAMS,
            limit: { type: 'integer', minimum: 1, maximum: 1000, default: 100 },
            event: { type: 'string', minLength: 1, maxLength: 100 }
          }
        }
      }
    },
    async request => {
      const token = ctx.config.analyticsReadToken
      if (token && !sameSecret(request.headers.authorization ?? '', `Bearer ${token}`)) {
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
    }
  )
}

/** Compares two secrets in constant time (hashing first makes the lengths equal). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest()
  return timingSafeEqual(digest(given), digest(expected))
}

import * as v from 'valibot'
import { ClientParamsSchema } from './ClientParams.js'
import { defineEndpoint } from './Endpoint.js'

/** Largest accepted event body in bytes, stack trace included. */
export const MAX_EVENT_BYTES = 64 * 1024

/** Longest field of an error report, in characters (longer ones are refused; the modal clips to these). */
export const ERROR_REPORT_LIMITS = { errorType: 200, errorMessage: 5000, stackTrace: 50_000, url: 2048, domain: 255 } as const

/**
 * The data of an analytics event (`props`): the event name, its kind (`track`, `error`), the
 * connected address, and for errors their type, message and stack trace. Events carry their own
 * fields beside these; the body size limit bounds them.
 */
export const EventPropsSchema = v.looseObject({
  type: v.optional(v.pipe(v.string(), v.maxLength(50))),
  event: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  address: v.optional(v.pipe(v.string(), v.maxLength(200))),
  properties: v.optional(v.record(v.string(), v.unknown())),
  errorType: v.optional(v.pipe(v.string(), v.maxLength(ERROR_REPORT_LIMITS.errorType))),
  errorMessage: v.optional(v.pipe(v.string(), v.maxLength(ERROR_REPORT_LIMITS.errorMessage))),
  stackTrace: v.optional(v.pipe(v.string(), v.maxLength(ERROR_REPORT_LIMITS.stackTrace)))
})

/** Body of `POST /e` (spec §7): an analytics event or an error report. Nothing else is accepted. */
export const AnalyticsEventSchema = v.strictObject({
  /** Random id; an event sent again with the same id is stored once. */
  eventId: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  /** The page's URL. */
  url: v.pipe(v.string(), v.maxLength(ERROR_REPORT_LIMITS.url)),
  /** The page's host name. */
  domain: v.pipe(v.string(), v.maxLength(ERROR_REPORT_LIMITS.domain)),
  /** When it happened, in ms since 1970 (the client's clock). */
  timestamp: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(8_640_000_000_000_000)),
  props: EventPropsSchema
})
/** An analytics or error event as a client sends it. */
export type AnalyticsEvent = v.InferInput<typeof AnalyticsEventSchema>

/** `POST /e` answer: accepted; `stored: false` when the project has analytics off (the event is dropped). */
export const EventAcceptedSchema = v.object({ ok: v.literal(true), stored: v.optional(v.literal(false)) })

/**
 * The analytics and error sink (spec §7): `sendEvent` is `POST /e` with the client parameters in
 * the query and the event as the body; it answers 202.
 */
export const analyticsEndpoints = {
  sendEvent: defineEndpoint({ method: 'POST', path: '/e', query: ClientParamsSchema, body: AnalyticsEventSchema, response: EventAcceptedSchema })
} as const

import type { ServerResponse } from 'node:http'
import type { FastifyReply, FastifyRequest } from 'fastify'
import * as v from 'valibot'
import { errorName } from './ApiError.js'

/** How matching requests misbehave. */
export type FaultMode = 'status' | 'hang' | 'malformed'

/** A path of this server, as a fault or a count names it. */
export const FaultPathSchema = v.pipe(v.string(), v.minLength(1), v.maxLength(300), v.regex(/^\//))

/** A fault as the test API sets it (`POST /__faults`). */
export const FaultSpecSchema = v.strictObject({
  /** Path prefix, e.g. `/v1/account/`. */
  path: FaultPathSchema,
  mode: v.picklist(['status', 'hang', 'malformed', 'clear']),
  /** HTTP status for `status` mode. */
  status: v.optional(v.pipe(v.number(), v.integer(), v.minValue(400), v.maxValue(599))),
  /** Retry-After header value in seconds (`status` mode). */
  retryAfter: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(86_400))),
  /** How many requests to affect; default every one. */
  times: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1_000_000)))
})
/** A fault as the test API sets it (`POST /__faults`). */
export type FaultSpec = v.InferOutput<typeof FaultSpecSchema>

/** Most requests remembered for {@link FaultInjector.requestsTo} (the oldest are forgotten first). */
export const MAX_RECORDED_REQUESTS = 1000

interface ActiveFault {
  path: string
  mode: FaultMode
  status: number
  retryAfter: number | undefined
  remaining: number
}

/** The body a `malformed` fault answers with: JSON content type, not JSON. */
export const MALFORMED_BODY = '{"this is": not JSON <html>'

/**
 * Test-only fault injection (`enableFaults`): makes requests under a path prefix answer a chosen
 * status (with Retry-After), hang until the client gives up or the server closes, or answer 200
 * with a body that is not JSON; and counts the requests that reached each path and remembers
 * their URLs, so a test can assert how many retries arrived and what a client sent.
 *
 * The newest matching fault wins. CORS preflights are neither faulted nor counted (a browser
 * would otherwise count twice and fail before the request the test is about).
 */
export class FaultInjector {
  private faults: ActiveFault[] = []
  private hits = new Map<string, number>()
  private requests: string[] = []
  private hung = new Set<ServerResponse>()

  /** Adds a fault, or removes every fault, hit count and recorded request for `mode: 'clear'`. */
  set(spec: FaultSpec): void {
    if (spec.mode === 'clear') {
      this.faults = []
      this.hits.clear()
      this.requests = []
      return
    }
    this.faults.unshift({
      path: spec.path,
      mode: spec.mode,
      status: spec.status ?? 500,
      retryAfter: spec.retryAfter,
      remaining: spec.times ?? Number.POSITIVE_INFINITY
    })
  }

  /** How many requests reached paths starting with `prefix` since the last clear. */
  hitsFor(prefix: string): number {
    let total = 0
    for (const [path, count] of this.hits) if (path.startsWith(prefix)) total += count
    return total
  }

  /**
   * The URLs (path and query, as received) of the requests that reached paths starting with
   * `prefix` since the last clear, oldest first.
   */
  requestsTo(prefix: string): string[] {
    return this.requests.filter(url => url.startsWith(prefix))
  }

  /**
   * The `onRequest` step: counts the request and applies the first matching fault. Returns true
   * when the request has been taken over (answered or left hanging).
   */
  apply(request: FastifyRequest, reply: FastifyReply): boolean {
    const path = request.url.split('?')[0] ?? ''
    if (request.method === 'OPTIONS' || path.startsWith('/__faults')) return false
    this.hits.set(path, (this.hits.get(path) ?? 0) + 1)
    this.requests.push(request.url)
    if (this.requests.length > MAX_RECORDED_REQUESTS) this.requests.shift()
    const fault = this.faults.find(f => f.remaining > 0 && path.startsWith(f.path))
    if (!fault) return false
    fault.remaining--
    if (fault.mode === 'hang') {
      // Take the socket away from Fastify and never answer; close() ends it.
      reply.hijack()
      this.hung.add(reply.raw)
      reply.raw.on('close', () => this.hung.delete(reply.raw))
      return true
    }
    if (fault.mode === 'malformed') {
      reply.code(200).header('content-type', 'application/json; charset=utf-8').send(MALFORMED_BODY)
      return true
    }
    if (fault.retryAfter !== undefined) reply.header('retry-after', String(fault.retryAfter))
    reply.code(fault.status).send({ error: errorName(fault.status), reason: `Injected fault: HTTP ${fault.status} for ${fault.path}` })
    return true
  }

  /** Ends every hanging request (the server is closing). */
  releaseAll(): void {
    for (const response of this.hung) response.destroy()
    this.hung.clear()
  }
}

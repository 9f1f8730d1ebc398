import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import { ApiError } from '../../http/ApiError.js'
import { clientKey } from '../../http/clientKey.js'
import { installErrorHandlers } from '../../http/installErrorHandlers.js'
import { keepMissingBody, secureSiteValidatorCompiler } from './secureSiteValidatorCompiler.js'

/**
 * What every route group of the secure site runs behind: its error answers, body validation with
 * valibot's own messages (a missing body read as undefined), the per-client limit of requests
 * (429 "Too many requests; try again in N s"), and form posts (1 KB: the device page's button,
 * Apple's login answer).
 * One function, so the secure site and the tests that register one route group alone run the same
 * pipeline.
 *
 * @param app - The secure site's Fastify instance, before any route is registered.
 * @param requestsPerMinute - Requests one client may make per minute, over every route.
 */
export async function prepareSecureApp(app: FastifyInstance, requestsPerMinute: number): Promise<void> {
  installErrorHandlers(app)
  app.setValidatorCompiler(secureSiteValidatorCompiler())
  app.addHook('preValidation', keepMissingBody)
  await app.register(rateLimit, {
    global: true,
    hook: 'onRequest',
    max: requestsPerMinute,
    timeWindow: 60_000,
    keyGenerator: request => clientKey(request.ip),
    errorResponseBuilder: (_request, context) => new ApiError(429, `Too many requests; try again in ${Math.max(1, Math.ceil(context.ttl / 1000))} s`)
  })
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))))
  })
}

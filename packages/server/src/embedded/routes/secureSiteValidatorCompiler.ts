import type { FastifyRequest, FastifySchemaCompiler } from 'fastify'
import * as v from 'valibot'
import { ApiError } from '../../http/ApiError.js'
import { createValidatorCompiler } from '../../http/validatorCompiler.js'

/**
 * Stands for a request without a body (no content type, nothing sent): Fastify hands such a
 * body to validators as `null`, which would read "received null" where the secure site has
 * always said "received undefined".
 */
const MISSING_BODY = Symbol('missing body')

/**
 * The secure site's schema compiler: its routes' valibot schemas checked as the main server's
 * (`createValidatorCompiler`: a schema that is not valibot's is refused when the route is
 * registered; the schema's output replaces the request part), but a refusal answers as the
 * secure site's pages have always read it: 400 with valibot's own message of the first issue
 * (`The code has 6 digits`, `deviceId: 16-64 URL-safe characters`) as the `reason`, not the main
 * server's `Invalid body: field ...` sentence.
 *
 * @example
 * ```ts
 * app.setValidatorCompiler(secureSiteValidatorCompiler())
 * app.addHook('preValidation', keepMissingBody)
 * app.post('/api/device/status', { schema: { body: DeviceStatusBody } }, async request => request.body.email)
 * ```
 */
export function secureSiteValidatorCompiler(): FastifySchemaCompiler<unknown> {
  const mainCompiler = createValidatorCompiler()
  return route => {
    // Throws for a schema that is not valibot's, as on the main server; its validator is not used.
    mainCompiler(route)
    const schema = route.schema as v.GenericSchema
    return (data: unknown) => {
      // Without `abortEarly`, as the handlers' own check was: the first issue is the same either way.
      const result = v.safeParse(schema, data === MISSING_BODY ? undefined : data)
      return result.success ? { value: result.output } : { error: new ApiError(400, result.issues[0]?.message ?? 'Invalid request') }
    }
  }
}

/**
 * A `preValidation` hook that marks a missing body of a route with a body schema (see
 * {@link secureSiteValidatorCompiler}): the schema is then given `undefined`, as the handlers'
 * own check was. Every body schema is an object, so the mark never reaches a handler.
 *
 * @param request - The request about to be validated.
 */
export async function keepMissingBody(request: FastifyRequest): Promise<void> {
  if (request.body === undefined && request.routeOptions.schema?.body !== undefined) request.body = MISSING_BODY
}

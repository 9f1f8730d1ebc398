import { Ajv } from 'ajv'
import type { FastifySchemaCompiler } from 'fastify'

/**
 * Fastify's schema compiler with two strictness levels. Query strings and path parameters are
 * text by nature, so `"2"` may become the integer 2 there; JSON bodies already carry types, so a
 * body's `"2"` where a number belongs is an error, not something to coerce. Neither silently
 * drops unknown properties: schemas that forbid them reject the request.
 */
export function createValidatorCompiler(): FastifySchemaCompiler<unknown> {
  const common = { allErrors: false, removeAdditional: false, useDefaults: true, strict: true } as const
  const urlAjv = new Ajv({ ...common, coerceTypes: true })
  const bodyAjv = new Ajv({ ...common, coerceTypes: false })
  return ({ schema, httpPart }) => {
    const ajv = httpPart === 'body' ? bodyAjv : urlAjv
    return ajv.compile(schema as object)
  }
}

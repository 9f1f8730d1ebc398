import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify'
import * as v from 'valibot'

/** Longest quote of a rejected value in a reason: enough to recognise it, never a whole body. */
const QUOTE_LENGTH = 60

const isSchema = (schema: unknown): schema is v.GenericSchema =>
  typeof schema === 'object' &&
  schema !== null &&
  (schema as { kind?: unknown }).kind === 'schema' &&
  typeof (schema as { '~run'?: unknown })['~run'] === 'function'

/**
 * A valibot issue in the shape Fastify hands to the error handler as `error.validation`: the
 * field's JSON pointer (`/entries`, empty for the part itself) and a short sentence (`must be
 * <=100, got 101`, `is required`, `is not allowed`).
 *
 * @param issue - The first issue valibot found.
 */
export function toValidationIssue(issue: v.BaseIssue<unknown>): FastifySchemaValidationError {
  const path = (issue.path ?? []).map(item => String(item.key))
  const received = issue.received.length > QUOTE_LENGTH ? `${issue.received.slice(0, QUOTE_LENGTH)}…` : issue.received
  let message: string
  if (issue.received === 'undefined' && issue.kind === 'schema' && path.length > 0) message = 'is required'
  else if (issue.expected === 'never' && issue.type.startsWith('strict_')) message = 'is not allowed'
  else message = `must be ${issue.expected ?? issue.type}, got ${received}`
  return { keyword: issue.type, instancePath: path.map(key => `/${key}`).join(''), schemaPath: '', params: {}, message }
}

/**
 * Fastify's schema compiler for the wire contract's valibot schemas (see `@wallet-modal/wire`):
 * the schema that describes a call for the modal's service client is the one the server checks
 * requests with. What a schema's output holds replaces the request part, so a query's `"2"`
 * reaches the route as the number 2 and a comma list as an array. The first failed check ends
 * validation and answers 400 with the field's name.
 *
 * Route schemas must be valibot schemas; anything else is refused when the route is registered.
 */
export function createValidatorCompiler(): FastifySchemaCompiler<unknown> {
  return ({ schema, method, url, httpPart }) => {
    if (!isSchema(schema)) throw new Error(`${method} ${url}: the ${httpPart ?? 'request'} schema is not a valibot schema`)
    return (data: unknown) => {
      const result = v.safeParse(schema, data, { abortEarly: true })
      return result.success ? { value: result.output } : { error: result.issues.map(toValidationIssue) }
    }
  }
}

import type * as v from 'valibot'

/** HTTP methods the services use. */
export type HttpMethod = 'GET' | 'POST'

/** Any valibot schema (the parts of an {@link Endpoint}). */
export type AnySchema = v.GenericSchema

/**
 * One call of a service: its method, its path (with `:name` for a path parameter, the way the
 * server registers it) and the valibot schemas of what it takes and answers. A part left out is
 * not used by the call (no body on a GET; no JSON answer from an image).
 *
 * Schemas describe the JSON (or the query string) on the wire. Their input type is what a caller
 * sends (`page` may be given as a number; the server receives its decimal text); their output type
 * is what a reader gets after parsing (the number again, defaults filled in).
 */
export interface Endpoint {
  readonly method: HttpMethod
  /** Path on the service's base URL, e.g. `/v1/identity/:address`. */
  readonly path: string
  /** Path parameters, by the names used in {@link Endpoint.path}. */
  readonly params?: AnySchema
  /** Query parameters. */
  readonly query?: AnySchema
  /** JSON body. */
  readonly body?: AnySchema
  /** JSON answer (2xx). */
  readonly response?: AnySchema
}

type In<S> = S extends AnySchema ? v.InferInput<S> : undefined
type Out<S> = S extends AnySchema ? v.InferOutput<S> : undefined

/** What a caller sends to an endpoint: path parameters, query and body, each as the schema's input. */
export interface EndpointRequest<E extends Endpoint> {
  params: In<E['params']>
  query: In<E['query']>
  body: In<E['body']>
}

/** What the server reads once the request is validated: each part as the schema's output. */
export interface ParsedRequest<E extends Endpoint> {
  params: Out<E['params']>
  query: Out<E['query']>
  body: Out<E['body']>
}

/** An endpoint's answer once parsed (the response schema's output). */
export type EndpointResponse<E extends Endpoint> = Out<E['response']>

/**
 * Declares an endpoint, keeping the exact types of its schemas (so that
 * {@link EndpointRequest} and {@link EndpointResponse} know them).
 *
 * @example
 * ```ts
 * const identity = defineEndpoint({
 *   method: 'GET',
 *   path: '/v1/identity/:address',
 *   params: v.object({ address: EvmAddressSchema }),
 *   response: v.object({ name: v.nullable(v.string()), avatar: v.nullable(v.string()) })
 * })
 * ```
 *
 * @param endpoint - Method, path and schemas.
 */
export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint
}

/**
 * The path of an endpoint with its `:name` parameters filled in (URI-encoded).
 *
 * @example
 * ```ts
 * endpointPath(blockchainEndpoints.identity, { address: '0xabc…' }) // '/v1/identity/0xabc…'
 * ```
 *
 * @param endpoint - The endpoint.
 * @param params - A value for each `:name` of its path.
 * @throws When a parameter of the path has no value.
 */
export function endpointPath(endpoint: Endpoint, params: Readonly<Record<string, string>> = {}): string {
  return endpoint.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`${endpoint.path}: no value for :${name}`)
    return encodeURIComponent(value)
  })
}

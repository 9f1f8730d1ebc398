import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod, RouteShorthandOptions } from 'fastify'
import type { AnySchema, Endpoint, EndpointResponse, ParsedRequest } from '@wallet-modal/wire'

/** Fastify's route types of an endpoint: each request part as its schema's output, the answer as the response schema's. */
export interface EndpointRoute<E extends Endpoint> {
  Params: ParsedRequest<E>['params']
  Querystring: ParsedRequest<E>['query']
  Body: ParsedRequest<E>['body']
  Reply: E['response'] extends AnySchema ? EndpointResponse<E> : unknown
}

/** A route handler for an endpoint: it returns the answer (typed by the contract) or sends its own reply. */
export type EndpointHandler<E extends Endpoint> = (
  request: FastifyRequest<EndpointRoute<E>>,
  reply: FastifyReply<EndpointRoute<E>>
) => Promise<EndpointRoute<E>['Reply'] | FastifyReply<EndpointRoute<E>>>

/** Route options besides the schemas (which come from the endpoint): `bodyLimit`, `config.access`, … */
export type EndpointRouteOptions = Omit<RouteShorthandOptions, 'schema'>

/**
 * Serves one call of the wire contract: registers its method and path, validates its path
 * parameters, query and body with its schemas (see `createValidatorCompiler`), and types the
 * handler's request and answer by them. A change to the contract is a change to this route.
 *
 * @example
 * ```ts
 * serveEndpoint(app, blockchainEndpoints.identity, {}, async request => lookUp(request.params.address))
 * ```
 *
 * @param app - The Fastify instance.
 * @param endpoint - The call, from `@wallet-modal/wire`.
 * @param options - Other route options.
 * @param handler - Answers the call.
 */
export function serveEndpoint<E extends Endpoint>(app: FastifyInstance, endpoint: E, options: EndpointRouteOptions, handler: EndpointHandler<E>): void {
  const parts = { params: endpoint.params, querystring: endpoint.query, body: endpoint.body }
  const schema = Object.fromEntries(Object.entries(parts).filter(([, part]) => part !== undefined))
  // The handler's types were checked against the endpoint at the call site; Fastify's own route
  // types cannot follow a generic endpoint, so the registration itself is untyped.
  app.route({ ...options, method: endpoint.method, url: endpoint.path, schema, handler: handler as unknown as RouteHandlerMethod })
}

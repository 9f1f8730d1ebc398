import * as v from 'valibot'
import {
  encodeQuery,
  endpointPath,
  type ClientParamName,
  type Endpoint,
  type EndpointRequest,
  type EndpointResponse,
  type QueryValue
} from '@wallet-modal/wire'
import { WalletModalError } from '../errors/WalletModalError.js'
import type { HttpClient, RequestOptions } from './HttpClient.js'
import { SDK_TYPE, SDK_VERSION } from './sdk.js'

/** The query a call site gives for an endpoint: the contract's, without the parameters every call carries. */
export type CallQuery<E extends Endpoint> = Omit<EndpointRequest<E>['query'], ClientParamName>

/** Parses `value` with `schema`, or throws INVALID_RESPONSE naming `what`. */
export function validate<S extends v.GenericSchema>(schema: S, value: unknown, what: string): v.InferOutput<S> {
  const r = v.safeParse(schema, value)
  if (!r.success) throw new WalletModalError('INVALID_RESPONSE', { details: `${what}: ${r.issues[0]?.message ?? 'unexpected shape'}` })
  return r.output
}

/**
 * Calls of the wire contract on a service, every one carrying projectId, st and sv and every
 * answer checked: what the service client and the swap client (its own chunk) share.
 *
 * @param http - The HTTP client (timeouts, retries).
 * @param projectId - The site's project id.
 */
export function createCheckedCalls(http: HttpClient, projectId: string) {
  const common = { projectId, st: SDK_TYPE, sv: SDK_VERSION }
  const at = (base: string, path: string) => new URL(path.replace(/^\//, ''), base.endsWith('/') ? base : `${base}/`).href
  /** The URL of a call on a service, its path parameters filled in. */
  const urlOf = (base: string, endpoint: Endpoint, params?: Record<string, string>) => at(base, endpointPath(endpoint, params))
  /** Request options carrying a call's query, with the client parameters. */
  const withQuery = (query: Readonly<Record<string, QueryValue>>, opts: Omit<RequestOptions, 'params'> = {}): RequestOptions => ({
    ...opts,
    params: encodeQuery({ ...common, ...query })
  })
  return {
    urlOf,
    withQuery,
    /** GETs a call and checks its answer against the contract. */
    async getChecked<E extends Endpoint & { response: v.GenericSchema }>(
      base: string,
      endpoint: E,
      params: Record<string, string> | undefined,
      query: Readonly<Record<string, QueryValue>>,
      what: string,
      opts?: Omit<RequestOptions, 'params'>
    ): Promise<EndpointResponse<E>> {
      return validate(endpoint.response, await http.get(urlOf(base, endpoint, params), withQuery(query, opts)), what) as EndpointResponse<E>
    },
    /** POSTs a call's body and checks its answer against the contract. */
    async postChecked<E extends Endpoint & { response: v.GenericSchema }>(
      base: string,
      endpoint: E,
      body: unknown,
      what: string,
      opts?: Omit<RequestOptions, 'params'>
    ): Promise<EndpointResponse<E>> {
      return validate(endpoint.response, await http.post(urlOf(base, endpoint), body, withQuery({}, opts)), what) as EndpointResponse<E>
    }
  }
}

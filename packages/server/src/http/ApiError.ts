/** Short, stable names of the HTTP errors this server answers with (the `error` field). */
const ERROR_NAMES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  408: 'request_timeout',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  500: 'internal_error',
  502: 'bad_gateway',
  503: 'service_unavailable',
  504: 'gateway_timeout'
}

/**
 * The `error` name for an HTTP status: `bad_request`, `forbidden`, ... or `http_{status}`.
 *
 * @param status - HTTP status code.
 */
export function errorName(status: number): string {
  return ERROR_NAMES[status] ?? `http_${status}`
}

/** Every error body of this server: a stable machine name and a sentence for people. */
export interface ErrorBody {
  error: string
  reason: string
}

/**
 * An error a route throws to answer with a given status and `{ error, reason }` body; the error
 * handler turns it into the response.
 */
export class ApiError extends Error {
  /**
   * @param status - HTTP status to answer with.
   * @param reason - The `reason` sentence.
   * @param error - The `error` name (default from the status).
   */
  constructor(
    readonly status: number,
    readonly reason: string,
    readonly error: string = errorName(status)
  ) {
    super(reason)
    this.name = 'ApiError'
  }

  /** The response body. */
  toBody(): ErrorBody {
    return { error: this.error, reason: this.reason }
  }
}

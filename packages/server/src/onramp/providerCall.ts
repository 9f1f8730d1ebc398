import * as v from 'valibot'
import { ApiError } from '../http/ApiError.js'
import { readCappedBody } from '../http/readCappedBody.js'

/** Largest answer read from a provider (a Coinbase options list or a 1inch swap is far smaller). */
export const PROVIDER_MAX_BYTES = 1024 * 1024

/** A provider's refusal as the call saw it: the HTTP status and the parsed body (if it was JSON). */
export interface ProviderRefusal {
  status: number
  body: Record<string, unknown> | undefined
}

/** Options of {@link providerCall} beyond the request itself. */
export interface ProviderCallOptions {
  /**
   * The provider's own reading of a refusal (a non-2xx answer): the error to throw, or undefined
   * for the default reading. 1inch, say, names 'insufficient liquidity' in `description`.
   */
  refusal?: (refusal: ProviderRefusal) => ApiError | undefined
  /** Largest answer read (default {@link PROVIDER_MAX_BYTES}). */
  maxBytes?: number
}

/** Text from a provider made safe to show: control characters gone, at most 200 characters. */
export function providerText(value: string): string {
  // Line breaks and other control characters could break the one-line reason the modal shows.
  return value
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .trim()
    .slice(0, 200)
}

/**
 * Calls a provider's JSON API and checks the answer. The timeout covers the whole answer (headers
 * and body, read to at most `maxBytes`); redirects are refused. Every failure is an
 * {@link ApiError} the modal can show:
 * - no answer in time: 504 '{name} did not answer within N ms'; unreachable: 502;
 * - 429: 429 '{name} is rate-limiting this server; try again in a moment' (the visitor can retry);
 * - 401/403: 502 '{name} refused this server's credentials (HTTP 401)' (the operator's to fix);
 * - another 4xx: 400 '{name}: {reason}', the provider's own `reason` or `message` when it gives one;
 * - 5xx or any other status: 502 '{name} answered HTTP N';
 * - a body that is too large, not JSON or not of `schema`'s shape: 502.
 * `options.refusal` reads a provider's own error bodies first.
 *
 * @param name - The provider's name, for messages.
 * @param url - The call's URL.
 * @param init - Method, headers and body (sent as JSON).
 * @param schema - What a good answer looks like.
 * @param timeoutMs - Time for the call, body included.
 * @param options - A provider's reading of its refusals, and the size cap.
 * @example
 * ```ts
 * const { token } = await providerCall('Coinbase', url, { method: 'POST', body }, v.object({ token: v.string() }), 10_000)
 * ```
 */
export async function providerCall<S extends v.GenericSchema>(
  name: string,
  url: URL,
  init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: unknown },
  schema: S,
  timeoutMs: number,
  options: ProviderCallOptions = {}
): Promise<v.InferOutput<S>> {
  const signal = AbortSignal.timeout(timeoutMs)
  const timedOut = () => new ApiError(504, `${name} did not answer within ${timeoutMs} ms`)
  let response: Response
  try {
    response = await fetch(url, {
      method: init.method,
      headers: { accept: 'application/json', ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal,
      redirect: 'error'
    })
  } catch (error) {
    if (signal.aborted || (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))) throw timedOut()
    throw new ApiError(502, `${name} unreachable`)
  }
  const maxBytes = options.maxBytes ?? PROVIDER_MAX_BYTES
  let raw: Buffer | undefined
  try {
    // The same signal aborts a slow body.
    raw = await readCappedBody(response, maxBytes)
  } catch {
    throw signal.aborted ? timedOut() : new ApiError(502, `${name} answer cut off`)
  }
  const status = response.status
  const ok = status >= 200 && status < 300
  // An oversized refusal is still read by its status.
  if (!raw && ok) throw new ApiError(502, `${name} answer exceeds ${maxBytes} bytes`)
  let body: unknown
  try {
    body = raw ? JSON.parse(raw.toString('utf8')) : undefined
  } catch {
    body = undefined
  }
  if (!ok) {
    const record = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined
    const own = options.refusal?.({ status, body: record })
    if (own) throw own
    if (status === 429) throw new ApiError(429, `${name} is rate-limiting this server; try again in a moment`)
    if (status === 401 || status === 403) throw new ApiError(502, `${name} refused this server's credentials (HTTP ${status})`)
    if (status >= 400 && status < 500) {
      const reason = typeof record?.reason === 'string' ? record.reason : typeof record?.message === 'string' ? record.message : ''
      throw new ApiError(400, `${name}: ${providerText(reason) || `refused (HTTP ${status})`}`)
    }
    throw new ApiError(502, `${name} answered HTTP ${status}`)
  }
  const parsed = body === undefined ? undefined : v.safeParse(schema, body)
  if (!parsed?.success) throw new ApiError(502, `${name} gave a malformed answer`)
  return parsed.output
}

import * as v from 'valibot'
import { ApiError } from '../http/ApiError.js'

/**
 * Calls a provider's JSON API with a timeout covering the whole answer, and checks the answer.
 * A 4xx carrying `reason` (or `message`) becomes a 400 with `{name}: {reason}`, so the modal shows
 * the provider's words; no answer in time is a 504, anything else a 502.
 *
 * @param name - The provider's name, for messages.
 * @param url - The call's URL.
 * @param init - Method, headers and body.
 * @param schema - What a good answer looks like.
 * @param timeoutMs - Time for the call, body included.
 */
export async function providerCall<S extends v.GenericSchema>(name: string, url: URL, init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: unknown }, schema: S, timeoutMs: number): Promise<v.InferOutput<S>> {
  const signal = AbortSignal.timeout(timeoutMs)
  let status: number
  let body: unknown
  try {
    const response = await fetch(url, {
      method: init.method,
      headers: { accept: 'application/json', ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal,
      redirect: 'error'
    })
    status = response.status
    // The same signal aborts a slow body.
    body = await response.json().catch(() => undefined)
  } catch (error) {
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) throw new ApiError(504, `${name} did not answer within ${timeoutMs} ms`)
    throw new ApiError(502, `${name} unreachable`)
  }
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : undefined
  if (status >= 400 && status < 500) {
    const reason = typeof record?.reason === 'string' ? record.reason : typeof record?.message === 'string' ? record.message : `refused (HTTP ${status})`
    throw new ApiError(400, `${name}: ${reason.slice(0, 200)}`)
  }
  if (status < 200 || status >= 300) throw new ApiError(502, `${name} answered HTTP ${status}`)
  const parsed = v.safeParse(schema, body)
  if (!parsed.success) throw new ApiError(502, `${name} gave a malformed answer`)
  return parsed.output
}

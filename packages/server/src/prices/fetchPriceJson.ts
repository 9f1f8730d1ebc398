import { PriceProviderError } from './PriceProvider.js'
import { readCappedBody } from '../http/readCappedBody.js'

/** Largest price answer read (a full 515-address CoinGecko answer is far smaller). */
export const PRICE_MAX_BYTES = 1024 * 1024

/** Longest `Retry-After` honoured: a source cannot park this server for more than an hour. */
const MAX_RETRY_AFTER_MS = 60 * 60 * 1000

/**
 * A `Retry-After` header (delay in seconds, or an HTTP date) in ms from `now`, capped at an
 * hour; undefined when absent or unreadable.
 *
 * @example
 * retryAfterMs('120', Date.now()) // 120000
 */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (!header) return undefined
  const trimmed = header.trim()
  const ms = /^\d{1,10}$/.test(trimmed) ? Number(trimmed) * 1000 : Date.parse(trimmed) - now
  return Number.isFinite(ms) ? Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS) : undefined
}

/**
 * GETs a JSON answer from a price source: the caller's signal covers the whole answer, the body
 * is read to at most {@link PRICE_MAX_BYTES}, redirects are refused. Every failure is a
 * {@link PriceProviderError}: 401/403 are permanent (a bad key), 429 carries `Retry-After`,
 * other statuses, a timeout, an unreachable host or a body that is not JSON are plain failures.
 *
 * @param name - The source, for messages.
 * @param url - The URL (its query may carry no secret: messages never include it).
 * @param headers - Request headers (the API key goes here).
 * @param signal - The caller's timeout.
 * @param now - The clock, to read an HTTP-date `Retry-After`.
 */
export async function fetchPriceJson(
  name: string,
  url: URL,
  headers: Record<string, string>,
  signal: AbortSignal,
  now: () => number = Date.now
): Promise<unknown> {
  let response: Response
  try {
    response = await fetch(url, { headers: { accept: 'application/json', ...headers }, signal, redirect: 'error' })
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
    throw new PriceProviderError(timedOut ? `${name} did not answer in time` : `${name} unreachable`)
  }
  if (!response.ok) {
    void response.body?.cancel().catch(() => undefined)
    const status = response.status
    if (status === 429)
      throw new PriceProviderError(`${name} rate-limited this server (HTTP 429)`, {
        status,
        retryAfterMs: retryAfterMs(response.headers.get('retry-after'), now()) ?? 60_000
      })
    if (status === 401 || status === 403) throw new PriceProviderError(`${name} refused the API key (HTTP ${status})`, { status, permanent: true })
    throw new PriceProviderError(`${name} answered HTTP ${status}`, { status })
  }
  const text = await readCapped(name, response, signal)
  try {
    return JSON.parse(text)
  } catch {
    throw new PriceProviderError(`${name} gave an answer that is not JSON`)
  }
}

async function readCapped(name: string, response: Response, signal: AbortSignal): Promise<string> {
  let body: Buffer | undefined
  try {
    body = await readCappedBody(response, PRICE_MAX_BYTES)
  } catch {
    throw new PriceProviderError(signal.aborted ? `${name} did not answer in time` : `${name} answer cut off`)
  }
  if (!body) throw new PriceProviderError(`${name} answer exceeds ${PRICE_MAX_BYTES} bytes`)
  return body.toString('utf8')
}

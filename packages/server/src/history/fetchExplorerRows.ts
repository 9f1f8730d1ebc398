import * as v from 'valibot'
import { readCappedBody } from '../http/readCappedBody.js'
import { retryAfterMs } from '../prices/fetchPriceJson.js'
import { HistoryProviderError } from './HistoryProviderError.js'

/** Default largest explorer answer read (a page of 100 `txlist` rows with long inputs fits many times). */
export const EXPLORER_MAX_BYTES = 8 * 1024 * 1024

/**
 * The envelope of every Etherscan-compatible answer (Etherscan V2, Blockscout's RPC API):
 * `{ status: "1", message: "OK", result: [...] }` on success, `{ status: "0", message: "No
 * transactions found", result: [] }` when there is nothing (not an error; Blockscout says "No token
 * transfers found"), `{ status: "0", message: "NOTOK", result: "<why>" }` on an error, with HTTP 200.
 */
const EnvelopeSchema = v.object({
  status: v.string(),
  message: v.optional(v.nullable(v.string())),
  result: v.unknown()
})

/** Options of {@link fetchExplorerRows}. */
export interface FetchExplorerRowsOptions {
  /** The source, for messages (`Etherscan`). */
  name: string
  /** Time the whole answer gets, headers and body. */
  timeoutMs: number
  /** Largest body read (default {@link EXPLORER_MAX_BYTES}). */
  maxBytes?: number
  /** The clock, to read an HTTP-date `Retry-After`. */
  now?: () => number
}

/**
 * GETs one `module=account` list from an Etherscan-compatible API and returns its rows, unchecked
 * (the caller checks each row and skips the malformed ones). One timeout covers the whole answer,
 * the body is read to at most `maxBytes`, redirects are refused. Every failure is a
 * {@link HistoryProviderError} whose reason names the source, never the URL (its query carries the
 * API key):
 * - the documented error envelope (HTTP 200, `status: "0"`, a string `result`): a rate limit
 *   ("Max rate limit reached…") answers 503; a refused key ("Invalid API Key", "Missing/Invalid API
 *   Key") or an unsupported chain ("Missing or unsupported chainid parameter…") 502, permanent;
 *   anything else 502 with the source's words (bounded, control characters dropped);
 * - HTTP 429 answers 503 with its `Retry-After`; 401/403 502 permanent; other statuses 502;
 * - no answer in time 504; unreachable, cut off, too large, not JSON, not the envelope: 502.
 *
 * @param url - The request URL (with `module`, `action`, `apikey`…).
 * @param options - See {@link FetchExplorerRowsOptions}.
 * @returns The `result` rows (empty for "No transactions found").
 * @example
 * const rows = await fetchExplorerRows(new URL('https://api.etherscan.io/v2/api?chainid=1&module=account&action=txlist&address=0x…&apikey=…'), { name: 'Etherscan', timeoutMs: 5000 })
 */
export async function fetchExplorerRows(url: URL, options: FetchExplorerRowsOptions): Promise<unknown[]> {
  const { name, timeoutMs } = options
  const maxBytes = options.maxBytes ?? EXPLORER_MAX_BYTES
  const now = options.now ?? Date.now
  const signal = AbortSignal.timeout(timeoutMs)
  const late = () => new HistoryProviderError(504, `${name} did not answer within ${timeoutMs} ms`)
  let response: Response
  try {
    response = await fetch(url, { headers: { accept: 'application/json' }, signal, redirect: 'error' })
  } catch {
    throw signal.aborted ? late() : new HistoryProviderError(502, `${name} unreachable`)
  }
  if (!response.ok) {
    void response.body?.cancel().catch(() => undefined)
    const status = response.status
    if (status === 429) {
      const wait = retryAfterMs(response.headers.get('retry-after'), now()) ?? 60_000
      throw new HistoryProviderError(503, `${name} rate-limited this server (HTTP 429)`, { retryAfterMs: wait })
    }
    if (status === 401 || status === 403) throw new HistoryProviderError(502, `${name} refused this server's API key (HTTP ${status})`, { permanent: true })
    throw new HistoryProviderError(502, `${name} answered HTTP ${status}`)
  }
  let body: Buffer | undefined
  try {
    body = await readCappedBody(response, maxBytes)
  } catch {
    throw signal.aborted ? late() : new HistoryProviderError(502, `${name} answer cut off`)
  }
  if (!body) throw new HistoryProviderError(502, `${name} answer exceeds ${maxBytes} bytes`)
  let json: unknown
  try {
    json = JSON.parse(body.toString('utf8'))
  } catch {
    throw new HistoryProviderError(502, `${name} gave an answer that is not JSON`)
  }
  const envelope = v.safeParse(EnvelopeSchema, json)
  if (!envelope.success) throw new HistoryProviderError(502, `${name} gave a malformed answer`)
  const { status, message, result } = envelope.output
  if (status === '1' && Array.isArray(result)) return result
  // "No transactions found", "No token transfers found": an empty list, not an error.
  if (status === '0' && Array.isArray(result) && result.length === 0) return []
  if (status === '0') throw refusal(name, typeof result === 'string' ? result : (message ?? ''))
  throw new HistoryProviderError(502, `${name} gave a malformed answer`)
}

/** The error of a documented `status: "0"` answer, from its text. */
function refusal(name: string, text: string): HistoryProviderError {
  const said = clean(text)
  if (/too many invalid api key/i.test(said))
    return new HistoryProviderError(503, `${name} is refusing this server for a while: ${said}`, { retryAfterMs: 30_000 })
  if (/rate limit|too many requests/i.test(said)) return new HistoryProviderError(503, `${name} rate-limited this server: ${said}`)
  if (/api ?key/i.test(said)) return new HistoryProviderError(502, `${name} refused this server's API key: ${said}`, { permanent: true })
  if (/chain ?id|unsupported chain|chain not supported/i.test(said))
    return new HistoryProviderError(502, `${name} does not serve this chain: ${said}`, { permanent: true })
  return new HistoryProviderError(502, said ? `${name} refused the request: ${said}` : `${name} refused the request`)
}

/** A remote sentence made safe to repeat: no control characters, at most 200 characters. */
function clean(text: string): string {
  return text
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200)
}

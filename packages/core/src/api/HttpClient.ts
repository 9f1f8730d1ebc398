import { WalletModalError } from '../errors/WalletModalError.js'

/** Default time one attempt may take (spec §9). */
export const DEFAULT_TIMEOUT_MS = 10_000
/** Default number of retries after the first attempt (spec §8). */
export const DEFAULT_RETRIES = 3
/** First retry delay; doubles each time (spec §8). */
export const DEFAULT_RETRY_BASE_MS = 150
/** HTTP statuses worth retrying (spec §8). */
export const RETRY_STATUSES: readonly number[] = [403, 408, 413, 429, 500, 502, 503, 504]
/** Most entries in one JSON-RPC batch (spec §9). */
export const RPC_BATCH_SIZE = 1000
/** Most in-flight GETs remembered for deduplication (spec §9). */
export const DEDUPE_CACHE_SIZE = 8192

/** Options of {@link createHttpClient}. */
export interface HttpClientOptions {
  timeoutMs?: number
  retries?: number
  retryBaseMs?: number
  /** Longest Retry-After the client waits; longer ones fail at once (default 30 s). */
  maxRetryAfterMs?: number
  fetch?: typeof fetch
  sleep?: (ms: number) => Promise<void>
  /**
   * The client's own lifetime (the core's): once aborted, requests in flight and waiting to
   * retry fail with 'Request was aborted' and no timer of theirs stays scheduled.
   */
  signal?: AbortSignal
}

/** Per-request options. */
export interface RequestOptions {
  params?: Record<string, string | number | boolean | undefined>
  headers?: Record<string, string>
  timeoutMs?: number
  retries?: number
  signal?: AbortSignal
}

/** A JSON-RPC error returned by a node. */
export interface JsonRpcError {
  code: number
  message: string
  data?: unknown
}

interface RpcCall {
  method: string
  params: unknown[]
  resolve(v: unknown): void
  reject(e: unknown): void
}

/** JSON-RPC error code a node uses for transient failures; such answers are retried (spec §8). */
export const RPC_RETRY_CODE = -1

/** A retryable error when a JSON-RPC answer (or one entry of a batch) carries code -1. */
function retryableRpcAnswer(body: unknown): WalletModalError | undefined {
  const answers = Array.isArray(body) ? body : [body]
  const hit = answers.find(a => (a as { error?: { code?: unknown } } | null)?.error?.code === RPC_RETRY_CODE) as { error: JsonRpcError } | undefined
  return hit ? new WalletModalError('RPC_ERROR', { details: hit.error.message }) : undefined
}

/** Builds a URL with query parameters (undefined ones left out). */
export function withParams(url: string, params: RequestOptions['params'] = {}): string {
  const u = new URL(url)
  for (const [k, v] of Object.entries(params)) if (v !== undefined) u.searchParams.set(k, String(v))
  return u.href
}

/** Seconds or HTTP-date of a Retry-After header, in ms (undefined when absent or garbage). */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

class RetryableError extends Error {
  constructor(
    readonly error: WalletModalError,
    readonly retryAfterMs?: number
  ) {
    super(error.message)
  }
}

/**
 * The one HTTP client of the modal, for every service: a timeout per attempt covering the whole
 * response (headers and body), retries on network errors, timeouts and the spec's statuses
 * (honouring Retry-After, else 150 ms doubling), identical in-flight GETs shared, and JSON-RPC
 * calls made in the same tick sent as one batch.
 * Failures become {@link WalletModalError}s: `REQUEST_TIMEOUT`, `HTTP_ERROR` ('HTTP status code:
 * {n}'), `INVALID_RESPONSE`, `RPC_ERROR`, `NETWORK_ERROR`.
 */
export function createHttpClient(options: HttpClientOptions = {}) {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const retries = options.retries ?? DEFAULT_RETRIES
  const base = options.retryBaseMs ?? DEFAULT_RETRY_BASE_MS
  const maxRetryAfter = options.maxRetryAfterMs ?? 30_000
  const doFetch = options.fetch ?? ((...a: Parameters<typeof fetch>) => fetch(...a))
  const life = options.signal
  // The default wait ends early when the client's lifetime does (a retry never outlives it).
  const sleep =
    options.sleep ??
    ((ms: number) =>
      new Promise<void>(resolve => {
        const done = () => (clearTimeout(timer), life?.removeEventListener('abort', done), resolve())
        const timer = setTimeout(done, ms)
        life?.addEventListener('abort', done)
      }))
  const inflight = new Map<string, Promise<unknown>>()

  async function attempt(url: string, init: RequestInit, ms: number, outer?: AbortSignal): Promise<unknown> {
    const controller = new AbortController()
    // One timer for the whole response, body included: a server that sends its headers and then
    // stalls must not hold the caller (and every caller sharing this request) forever.
    const timer = setTimeout(() => controller.abort(), ms)
    const onOuter = () => controller.abort()
    outer?.addEventListener('abort', onOuter)
    life?.addEventListener('abort', onOuter)
    const failed = (err: unknown, network: string): WalletModalError | RetryableError => {
      if (outer?.aborted || life?.aborted) return new WalletModalError('REQUEST_ABORTED', { cause: err })
      return new RetryableError(
        controller.signal.aborted
          ? new WalletModalError('REQUEST_TIMEOUT', { details: `${new URL(url).pathname} after ${ms} ms`, cause: err })
          : new WalletModalError('NETWORK_ERROR', { details: network, cause: err })
      )
    }
    let response: Response
    let text: string
    try {
      try {
        response = await doFetch(url, { ...init, signal: controller.signal })
      } catch (err) {
        throw failed(err, new URL(url).pathname)
      }
      try {
        text = await response.text()
      } catch (err) {
        throw failed(err, 'the response was cut off')
      }
    } finally {
      clearTimeout(timer)
      outer?.removeEventListener('abort', onOuter)
      life?.removeEventListener('abort', onOuter)
    }
    let body: unknown
    try {
      body = text === '' ? undefined : JSON.parse(text)
    } catch {
      body = undefined
      if (response.ok) throw new WalletModalError('INVALID_RESPONSE', { details: `${new URL(url).pathname}: not JSON` })
    }
    if (!response.ok) {
      const reason = (body as { reason?: unknown } | undefined)?.reason
      const error = new WalletModalError('HTTP_ERROR', {
        shortMessage: `HTTP status code: ${response.status}`,
        details: typeof reason === 'string' ? reason : undefined
      })
      ;(error as { status?: number }).status = response.status
      if (RETRY_STATUSES.includes(response.status)) throw new RetryableError(error, parseRetryAfter(response.headers.get('retry-after')))
      throw error
    }
    return body
  }

  async function request(url: string, init: RequestInit, opts: RequestOptions, retryBody?: (body: unknown) => WalletModalError | undefined): Promise<unknown> {
    const max = opts.retries ?? retries
    for (let i = 0; ; i++) {
      if (life?.aborted) throw new WalletModalError('REQUEST_ABORTED')
      try {
        const body = await attempt(url, init, opts.timeoutMs ?? timeoutMs, opts.signal)
        const again = retryBody?.(body)
        if (again && i < max) throw new RetryableError(again)
        return body
      } catch (err) {
        if (!(err instanceof RetryableError)) throw err
        if (i >= max || opts.signal?.aborted || life?.aborted) throw err.error
        const backoff = base * 2 ** i
        if (err.retryAfterMs !== undefined && err.retryAfterMs > maxRetryAfter) throw err.error
        await sleep(Math.max(backoff, err.retryAfterMs ?? 0))
      }
    }
  }

  // ---- JSON-RPC batching: calls to one URL in the same tick share a request ----
  const queues = new Map<string, RpcCall[]>()
  let nextId = 0
  async function flush(url: string): Promise<void> {
    const calls = queues.get(url) ?? []
    queues.delete(url)
    for (let i = 0; i < calls.length; i += RPC_BATCH_SIZE) {
      const chunk = calls.slice(i, i + RPC_BATCH_SIZE)
      const ids = chunk.map(() => ++nextId)
      const single = chunk.length === 1
      const payload = chunk.map((c, k) => ({ jsonrpc: '2.0', id: ids[k], method: c.method, params: c.params }))
      try {
        const body = await request(
          url,
          { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(single ? payload[0] : payload) },
          {},
          retryableRpcAnswer
        )
        const answers = (single ? [body] : body) as { id?: number; result?: unknown; error?: JsonRpcError }[]
        if (!Array.isArray(answers)) throw new WalletModalError('INVALID_RESPONSE', { details: 'expected a JSON-RPC batch answer' })
        const byId = new Map(answers.filter(a => a && typeof a === 'object').map(a => [a.id, a]))
        chunk.forEach((c, k) => {
          const a = single ? answers[0] : byId.get(ids[k])
          if (!a || typeof a !== 'object') c.reject(new WalletModalError('INVALID_RESPONSE', { details: `${c.method}: no answer` }))
          else if (a.error) c.reject(new WalletModalError('RPC_ERROR', { details: `${c.method}: ${a.error.message}`, cause: a.error }))
          else if (!('result' in a)) c.reject(new WalletModalError('INVALID_RESPONSE', { details: `${c.method}: no result` }))
          else c.resolve(a.result)
        })
      } catch (err) {
        for (const c of chunk) c.reject(err)
      }
    }
  }

  return {
    /** GET returning JSON; identical GETs in flight share one request. */
    get<T>(url: string, opts: RequestOptions = {}): Promise<T> {
      const full = withParams(url, opts.params)
      const key = opts.signal ? undefined : full + JSON.stringify(opts.headers ?? {})
      const existing = key ? inflight.get(key) : undefined
      if (existing) return existing as Promise<T>
      const p = request(full, { method: 'GET', headers: opts.headers }, opts).finally(() => {
        if (key) inflight.delete(key)
      })
      // Bounded: past the cap, requests simply are not shared.
      if (key && inflight.size < DEDUPE_CACHE_SIZE) inflight.set(key, p)
      return p as Promise<T>
    },
    /** POST of a JSON body, returning JSON. */
    post<T>(url: string, body: unknown, opts: RequestOptions = {}): Promise<T> {
      return request(
        withParams(url, opts.params),
        { method: 'POST', headers: { 'content-type': 'application/json', ...opts.headers }, body: JSON.stringify(body) },
        opts
      ) as Promise<T>
    },
    /** One JSON-RPC call; calls to the same URL in the same tick go out as one batch. */
    rpc<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        let q = queues.get(url)
        if (!q) {
          q = []
          queues.set(url, q)
          queueMicrotask(() => void flush(url))
        }
        q.push({ method, params, resolve: resolve as (v: unknown) => void, reject })
      })
    },
    /** Number of GETs in flight (for tests of deduplication). */
    inflightCount: () => inflight.size
  }
}

/** The HTTP client's type. */
export type HttpClient = ReturnType<typeof createHttpClient>

import { open } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { parseTokenList, TokenListError, type TokenList } from './parseTokenList.js'
import { readCappedBody } from '../http/readCappedBody.js'

/** Default time one list fetch may take, whole answer included. */
export const TOKEN_LIST_TIMEOUT_MS = 15_000
/** Default largest list read (the Uniswap default list is some 200 KB; 10,000 tokens fit). */
export const TOKEN_LIST_MAX_BYTES = 5 * 1024 * 1024

/** Options of {@link fetchTokenList}. */
export interface FetchTokenListOptions {
  /** Time the whole fetch may take, body included (default {@link TOKEN_LIST_TIMEOUT_MS}). */
  timeoutMs?: number
  /** Largest answer read (default {@link TOKEN_LIST_MAX_BYTES}); a larger one is refused. */
  maxBytes?: number
  /** Ends the fetch early (the server is closing). */
  signal?: AbortSignal
}

/**
 * Reads a token list from an http(s) URL or a `file:` URL (a list kept beside the server, as the
 * devnet's), and checks it ({@link parseTokenList}). The timeout covers the whole answer, so a
 * server that dribbles its body fails as one that never answers; the size is capped whether or
 * not the answer announces it.
 *
 * @example
 * ```ts
 * const list = await fetchTokenList('https://tokens.uniswap.org', { timeoutMs: 5000 })
 * ```
 * @param url - `https://…`, `http://…` or `file:///…`.
 * @param options - See {@link FetchTokenListOptions}.
 * @throws TokenListError saying what went wrong (status, timeout, size, JSON, schema).
 */
export async function fetchTokenList(url: string, options: FetchTokenListOptions = {}): Promise<TokenList> {
  const maxBytes = options.maxBytes ?? TOKEN_LIST_MAX_BYTES
  const timeoutMs = options.timeoutMs ?? TOKEN_LIST_TIMEOUT_MS
  const bytes = url.startsWith('file:') ? await readFileCapped(url, maxBytes) : await fetchCapped(url, maxBytes, timeoutMs, options.signal)
  let value: unknown
  try {
    value = JSON.parse(bytes.toString('utf8'))
  } catch {
    throw new TokenListError(`Token list ${url} refused: not JSON`)
  }
  return parseTokenList(value, url)
}

async function fetchCapped(url: string, maxBytes: number, timeoutMs: number, signal: AbortSignal | undefined): Promise<Buffer> {
  const timeout = AbortSignal.timeout(timeoutMs)
  const abort = signal ? AbortSignal.any([timeout, signal]) : timeout
  try {
    // No redirect to another scheme can happen (fetch follows http(s) only); no cookies are sent.
    const response = await fetch(url, { signal: abort, headers: { accept: 'application/json' } })
    if (!response.ok) {
      await response.body?.cancel()
      throw new TokenListError(`Token list ${url}: HTTP ${response.status}`)
    }
    const body = await readCappedBody(response, maxBytes)
    if (!body) throw new TokenListError(`Token list ${url}: answer larger than ${maxBytes} bytes`)
    return body
  } catch (error) {
    if (error instanceof TokenListError) throw error
    if (timeout.aborted) throw new TokenListError(`Token list ${url}: no whole answer within ${timeoutMs} ms`)
    if (signal?.aborted) throw new TokenListError(`Token list ${url}: fetch stopped`)
    throw new TokenListError(
      `Token list ${url}: ${error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error)}`
    )
  }
}

async function readFileCapped(url: string, maxBytes: number): Promise<Buffer> {
  let file
  try {
    file = await open(fileURLToPath(url), 'r')
  } catch (error) {
    throw new TokenListError(`Token list ${url}: ${error instanceof Error ? error.message : String(error)}`)
  }
  try {
    // Read one byte past the cap: a file that fills it is too large.
    const buffer = Buffer.alloc(maxBytes + 1)
    let size = 0
    for (;;) {
      const { bytesRead } = await file.read(buffer, size, buffer.length - size, null)
      if (bytesRead === 0) break
      size += bytesRead
      if (size > maxBytes) throw new TokenListError(`Token list ${url}: file larger than ${maxBytes} bytes`)
    }
    return buffer.subarray(0, size)
  } finally {
    await file.close()
  }
}

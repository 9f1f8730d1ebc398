/**
 * Reads a response body, at most `maxBytes` of it: a `Content-Length` announcing more, or a
 * stream passing the cap, cancels the read. The one reader of every remote answer the server
 * fetches (upstream RPC, the registry, token lists, price providers), so a remote service can
 * never make the server hold more than its caller allows. Read errors (an abort, a cut-off
 * stream) are thrown as they come, for the caller to word.
 *
 * @param response - The fetch response.
 * @param maxBytes - The largest body read.
 * @returns The body, or undefined when it is larger than `maxBytes` (the read is then cancelled).
 * @example
 * ```ts
 * const body = await readCappedBody(response, 4 * 1024 * 1024)
 * if (!body) throw new Error('answer larger than 4 MB')
 * ```
 */
export async function readCappedBody(response: Response, maxBytes: number): Promise<Buffer | undefined> {
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
    await response.body?.cancel().catch(() => undefined)
    return undefined
  }
  if (!response.body) return Buffer.alloc(0)
  const chunks: Uint8Array[] = []
  let size = 0
  const reader = response.body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return Buffer.concat(chunks)
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined)
      return undefined
    }
    chunks.push(value)
  }
}

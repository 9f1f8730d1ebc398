import type { IncomingMessage } from 'node:http'

/** Thrown by {@link readBody} when the body exceeds the limit. */
export class BodyTooLargeError extends Error {}

/**
 * Reads a request body up to `limit` bytes.
 *
 * Checks Content-Length first so an announced oversize body is refused without reading it, and
 * counts bytes as they arrive for chunked bodies.
 *
 * @param req - The incoming request.
 * @param limit - Maximum size in bytes.
 * @throws {@link BodyTooLargeError} when the body is larger than `limit`.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers['content-length'] ?? 0) > limit) {
      reject(new BodyTooLargeError())
      return
    }
    const chunks: Buffer[] = []
    let size = 0
    const onData = (chunk: Buffer): void => {
      size += chunk.length
      if (size > limit) {
        req.off('data', onData)
        // Keep draining (and discarding) so the 413 reply can still be written and read.
        req.resume()
        reject(new BodyTooLargeError())
        return
      }
      chunks.push(chunk)
    }
    req.on('data', onData)
    req.once('end', () => resolve(Buffer.concat(chunks)))
    req.once('error', reject)
  })
}

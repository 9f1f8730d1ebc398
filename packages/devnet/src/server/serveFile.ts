import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { contentTypeFor } from './contentTypeFor.js'
import { resolveStaticPath } from './resolveStaticPath.js'

/**
 * Serves a file from `root` for a GET or HEAD request, or answers 400/404 (see
 * {@link resolveStaticPath} for what is refused). A directory is served through its index.html;
 * without a trailing slash it is first redirected to one, so relative URLs inside resolve.
 *
 * @param req - The request (its method decides whether a body is sent).
 * @param res - The response.
 * @param root - Absolute directory to serve from.
 * @param urlPath - Request path relative to the mount point (percent-encoded).
 * @param notFoundHint - Extra text for the 404 body (e.g. "run npm run build").
 */
export async function serveFile(
  req: IncomingMessage,
  res: ServerResponse,
  root: string,
  urlPath: string,
  notFoundHint = ''
): Promise<void> {
  const resolved = resolveStaticPath(root, urlPath)
  if (!resolved.ok) {
    sendText(res, resolved.status, resolved.status === 400 ? 'Bad request path' : `Not found${notFoundHint}`)
    return
  }
  let path = resolved.path
  let info = await stat(path).catch(() => undefined)
  if (info?.isDirectory()) {
    if (!urlPath.endsWith('/')) {
      res.writeHead(301, { Location: `${req.url?.split('?')[0] ?? ''}/` })
      res.end()
      return
    }
    path = join(path, 'index.html')
    info = await stat(path).catch(() => undefined)
  }
  if (!info?.isFile()) {
    sendText(res, 404, `Not found${notFoundHint}`)
    return
  }
  res.writeHead(200, { 'Content-Type': contentTypeFor(path), 'Content-Length': info.size })
  if (req.method === 'HEAD') {
    res.end()
    return
  }
  createReadStream(path)
    .on('error', () => res.destroy())
    .pipe(res)
}

/**
 * Sends a short plain-text response.
 *
 * @param res - The response.
 * @param status - HTTP status.
 * @param text - Body.
 */
export function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(text) })
  res.end(text)
}

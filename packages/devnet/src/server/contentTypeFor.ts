import { extname } from 'node:path'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.webmanifest': 'application/manifest+json'
}

/**
 * The Content-Type to send for a file, by extension. Unknown types are sent as
 * application/octet-stream: with `X-Content-Type-Options: nosniff` the browser then refuses to
 * run them as script or style, which is what we want for anything unexpected.
 *
 * @param filePath - Path or name of the file.
 */
export function contentTypeFor(filePath: string): string {
  return TYPES[extname(filePath).toLowerCase()] ?? 'application/octet-stream'
}

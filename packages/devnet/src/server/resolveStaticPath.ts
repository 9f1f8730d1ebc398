import { resolve, sep } from 'node:path'

/** Outcome of {@link resolveStaticPath}: a file path inside the root, or why there is none. */
export type StaticPathResult = { ok: true; path: string } | { ok: false; status: 400 | 404 }

/**
 * Maps a URL path (still percent-encoded, without query) to a file path inside `root`, refusing
 * anything that could leave it.
 *
 * Decoding happens before the checks, so `%2e%2e` and `%2f` cannot smuggle a `..` segment past
 * them; `..` segments, backslashes and NUL bytes are rejected outright (400) rather than
 * normalised away, and dot-files are not served (404). The final path is checked to lie under
 * `root` as a second line of defence.
 *
 * @param root - Absolute directory to serve from.
 * @param urlPath - The request path relative to the mount point, e.g. `/app.js`.
 */
export function resolveStaticPath(root: string, urlPath: string): StaticPathResult {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return { ok: false, status: 400 }
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return { ok: false, status: 400 }
  const segments = decoded.split('/').filter(segment => segment !== '' && segment !== '.')
  if (segments.includes('..')) return { ok: false, status: 400 }
  if (segments.some(segment => segment.startsWith('.'))) return { ok: false, status: 404 }
  const base = resolve(root)
  const path = resolve(base, ...segments)
  if (path !== base && !path.startsWith(base + sep)) return { ok: false, status: 400 }
  return { ok: true, path }
}

import type { FastifyCorsOptions, FastifyCorsOptionsDelegateCallback } from '@fastify/cors'
import { isOriginAllowed } from '../config/originMatches.js'
import type { ProjectConfig } from '../config/ServerConfig.js'

/**
 * Paths any origin may read, whatever the project allows:
 * - `/projects/v1/origins`: the modal checks its own origin against this list and shows
 *   'Invalid App Configuration' when it is missing (spec §8); it can only do so if it can read
 *   the answer.
 * - `/getAnalyticsConfig` and `POST /e`: a page on a forbidden origin reports that once (spec §8,
 *   "forbidden flag reported once"), so it must learn whether analytics is on and be able to send.
 *   The sink is write-only: it stores what it is told, with the sender's url and domain, and gives
 *   nothing of the project back (reading events, `GET /e`, stays with the project's origins).
 * Unknown or missing project ids are answered to any origin too (see {@link corsOptions}).
 */
const PUBLIC_PATHS = ['/projects/v1/origins', '/getAnalyticsConfig']

/**
 * The CORS policy, decided per request: the modal runs on the site's origin and calls this
 * server cross-origin, so a project's `allowedOrigins` may read its answers and other origins
 * get no CORS headers (the browser then withholds the response).
 *
 * Exceptions, all answers that carry no project data: {@link PUBLIC_PATHS}; requests naming no
 * known project (their 400/403 reason helps the site owner fix the configuration); and the
 * fault API when it is enabled (test pages run on whatever origin the test runner picks).
 *
 * `Retry-After` is exposed so a browser client can honour it (spec §8).
 *
 * @param projects - Projects by id.
 * @param enableFaults - Whether `/__faults` exists.
 */
export function corsOptions(projects: ReadonlyMap<string, ProjectConfig>, enableFaults: boolean): FastifyCorsOptions {
  const base = { methods: ['GET', 'POST'], exposedHeaders: ['Retry-After'], maxAge: 600, strictPreflight: false }
  return {
    delegator: ((request, callback) => {
      const origin = request.headers.origin
      const path = request.url.split('?')[0] ?? ''
      const projectId = (request.query as Record<string, unknown> | undefined)?.projectId
      const project = typeof projectId === 'string' ? projects.get(projectId) : undefined
      const allowed =
        !origin ||
        (enableFaults && path.startsWith('/__faults')) ||
        PUBLIC_PATHS.includes(path) ||
        (path === '/e' && request.method !== 'GET') ||
        !project ||
        isOriginAllowed(origin, project.allowedOrigins)
      callback(null, { ...base, origin: allowed })
    }) satisfies FastifyCorsOptionsDelegateCallback
  }
}

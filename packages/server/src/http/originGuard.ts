import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify'
import { isOriginAllowed } from '../config/originMatches.js'
import { ApiError } from './ApiError.js'

/**
 * Routes that change state or answer with a visitor's data. A browser request to them from an
 * origin outside the project's `allowedOrigins` is refused before it runs: CORS alone only hides
 * the answer from the page, the request itself would still open a session, spend a nonce, or
 * spend the project's chain quota.
 *
 * `POST /e` is not here on purpose: a page on a forbidden origin must be able to report that it is
 * forbidden (spec §8), and the sink gives nothing back. Reading events (`GET /e`) needs a token.
 */
export const ORIGIN_CHECKED_ROUTES: ReadonlySet<string> = new Set([
  'POST /v1/sessions/nonce',
  'POST /v1/sessions',
  'GET /v1/sessions/:address',
  'POST /v1/sessions/:address/revoke',
  'GET /v1/account/:address/balance',
  'GET /v1/account/:account/history',
  'GET /v1/identity/:address',
  'POST /v1/',
  'POST /v1',
  // Opens a checkout for a visitor's address at the provider.
  'POST /v1/generators/onrampurl'
])

/**
 * An `onRequest` hook, after the project guard: refuses a request to one of the
 * {@link ORIGIN_CHECKED_ROUTES} whose `Origin` header names an origin the project does not allow,
 * with 403 `{ error: 'forbidden', reason: 'Origin not allowed for this project: …' }`. Requests
 * without an `Origin` (a site's backend, curl, a native wallet) are not browsers acting for a
 * visitor, and go ahead: the projectId is public anyway, so the origin check stops other sites'
 * pages, not scripts.
 */
export function originGuard(): onRequestAsyncHookHandler {
  return async function checkOrigin(request: FastifyRequest) {
    const origin = request.headers.origin
    if (!origin || !request.project) return
    if (!ORIGIN_CHECKED_ROUTES.has(`${request.method} ${request.routeOptions.url}`)) return
    if (!isOriginAllowed(origin, request.project.allowedOrigins)) {
      throw new ApiError(403, `Origin not allowed for this project: ${origin.slice(0, 200)}`, 'forbidden')
    }
  }
}

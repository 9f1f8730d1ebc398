import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify'
import type { ProjectConfig } from '../config/ServerConfig.js'
import { ApiError } from './ApiError.js'

/**
 * What a route asks of its callers:
 * - `client` (default): a known `projectId` plus non-empty `st` (sdk type) and `sv` (sdk
 *   version), as spec §7 requires of every service call;
 * - `project`: a known `projectId` only (the RPC proxy, whose URL carries no sdk parameters);
 * - `open`: nothing (the fault API used by tests).
 * - `signed`: no project; the caller proves who it is with a signature the route checks (an
 *   on-ramp provider's webhook). Unlike `open`, still rate-limited.
 */
export type RouteAccess = 'client' | 'project' | 'open' | 'signed'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** See {@link RouteAccess}. */
    access?: RouteAccess
  }
  interface FastifyRequest {
    /** The project the request names, once the guard has accepted it. */
    project: ProjectConfig | null
  }
}

const MAX_PARAM_LENGTH = 128

/**
 * An `onRequest` hook that checks the project parameters before anything else runs (no body is
 * read for a caller that will be refused): missing or malformed parameters answer 400 with the
 * parameter's name, an unknown project 403 `{ error: 'forbidden', reason: 'Unknown project id' }`.
 * Accepted requests carry their project in `request.project`.
 *
 * @param projects - Known projects by id.
 */
export function projectGuard(projects: ReadonlyMap<string, ProjectConfig>): onRequestAsyncHookHandler {
  return async function guard(request: FastifyRequest) {
    // Preflights are answered by the CORS hook; unknown routes by the 404 handler.
    if (request.method === 'OPTIONS' || !request.routeOptions.url) return
    const access = request.routeOptions.config.access ?? 'client'
    if (access === 'open' || access === 'signed') return
    const query = (request.query ?? {}) as Record<string, unknown>
    const names = access === 'client' ? ['projectId', 'st', 'sv'] : ['projectId']
    for (const name of names) {
      const value = query[name]
      if (value === undefined || value === '') throw new ApiError(400, `Missing required query parameter: ${name}`)
      if (typeof value !== 'string') throw new ApiError(400, `Query parameter ${name} must be given once`)
      if (value.length > MAX_PARAM_LENGTH) throw new ApiError(400, `Query parameter ${name} is longer than ${MAX_PARAM_LENGTH} characters`)
    }
    const project = projects.get(query.projectId as string)
    if (!project) throw new ApiError(403, 'Unknown project id', 'forbidden')
    request.project = project
  }
}

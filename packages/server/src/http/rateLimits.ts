import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { RateLimitGroup, RateLimitsConfig, ServerConfig } from '../config/ServerConfig.js'
import type { Store } from '../db/Store.js'
import { ApiError } from './ApiError.js'
import { clientKey } from './clientKey.js'
import { postgresRateLimitStore } from './postgresRateLimitStore.js'

/** Default window of the rate limits: one minute. */
export const RATE_LIMIT_WINDOW_MS = 60_000

/** Default of `sessions.noncesPerMinute`: sign-in nonces one client may ask for per minute. */
export const SIWX_NONCES_PER_MINUTE = 30

/**
 * Requests one client may make per window and project, by route group. A modal page opening makes
 * about 30 requests (a dozen of them images) and then polls a balance every few seconds, so a
 * person never comes near these; a script in a loop reaches each within seconds.
 */
export const RATE_LIMIT_DEFAULTS: Readonly<Record<RateLimitGroup, number>> = {
  directory: 600,
  images: 2000,
  // The RPC proxy, balances and history: each request costs calls to a chain node.
  fanout: 1200,
  sessions: 120,
  nonce: SIWX_NONCES_PER_MINUTE,
  analytics: 600,
  // Registering a name: a person does it once; each attempt verifies a signature and writes a row.
  names: 10,
  // The bundler: estimating costs two simulations, sending one and a transaction the operator
  // pays for up front; each sender is limited again per minute by the bundler itself.
  bundler: 300
}

/** Most clients counted at once in memory (least recently seen are forgotten first). */
export const RATE_LIMIT_MAX_CLIENTS = 100_000

/**
 * Which counter each route adds to. Every route that is not `access: 'open'` must be listed:
 * {@link installRateLimits} refuses to start otherwise, so a new route cannot go unlimited.
 */
const ROUTE_GROUPS: Readonly<Record<string, RateLimitGroup>> = {
  '/getWallets': 'directory',
  '/appkit/v1/config': 'directory',
  '/about': 'directory',
  '/projects/v1/origins': 'directory',
  '/getAnalyticsConfig': 'directory',
  '/v1/supported-chains': 'directory',
  '/v1/identity/:address': 'directory',
  '/v1/fungible/price': 'directory',
  '/v1/convert/gas-price': 'directory',
  '/v1/profile/account/:name': 'directory',
  '/v1/profile/reverse/:address': 'directory',
  '/v1/profile/suggestions/:name': 'directory',
  '/v1/profile/account': 'names',
  '/v1/bundler': 'bundler',
  '/getWalletImage/:id': 'images',
  '/public/getAssetImage/:id': 'images',
  '/public/getCurrencyImage/:id': 'images',
  '/public/getTokenImage/:id': 'images',
  '/v1/': 'fanout',
  '/v1': 'fanout',
  '/v1/account/:address/balance': 'fanout',
  '/v1/account/:account/history': 'fanout',
  '/v1/convert/tokens': 'directory',
  '/v1/convert/quotes': 'fanout',
  '/v1/convert/allowance': 'fanout',
  '/v1/convert/build-approve': 'fanout',
  '/v1/convert/build-transaction': 'fanout',
  // Each on-ramp call asks the provider: counted like the chain reads.
  '/v1/onramp/options': 'fanout',
  '/v1/onramp/quote': 'fanout',
  '/v1/generators/onrampurl': 'fanout',
  // Providers report purchases: few, and each checked against its signature first.
  '/v1/onramp/webhook/:provider': 'sessions',
  '/v1/sessions/nonce': 'nonce',
  '/v1/sessions': 'sessions',
  '/v1/sessions/:address': 'sessions',
  '/v1/sessions/:address/revoke': 'sessions',
  '/v1/sessions/verify': 'sessions',
  '/e': 'analytics'
}

/** The limit that applies to a request: on, its window and its maximum. */
export interface AppliedLimit {
  enabled: boolean
  windowMs: number
  max: number
}

/**
 * The limit of a group for a project: the project's settings win over the server's, a group's own
 * number over the general `max`, and the defaults fill the rest.
 *
 * @param config - The server configuration.
 * @param project - The project's own `rateLimits`, if any.
 * @param group - The route group.
 */
export function appliedLimit(config: ServerConfig, project: RateLimitsConfig | undefined, group: RateLimitGroup): AppliedLimit {
  const server = config.rateLimits
  const fallback = group === 'nonce' ? (config.sessions?.noncesPerMinute ?? RATE_LIMIT_DEFAULTS.nonce) : RATE_LIMIT_DEFAULTS[group]
  return {
    enabled: project?.enabled ?? server?.enabled ?? true,
    // Nonces are configured per minute (`sessions.noncesPerMinute`), whatever the general window.
    windowMs: group === 'nonce' ? RATE_LIMIT_WINDOW_MS : (project?.windowMs ?? server?.windowMs ?? RATE_LIMIT_WINDOW_MS),
    max: project?.routes?.[group] ?? project?.max ?? server?.routes?.[group] ?? server?.max ?? fallback
  }
}

function groupOf(request: FastifyRequest): RateLimitGroup {
  return ROUTE_GROUPS[request.routeOptions.url ?? ''] ?? 'directory'
}

const limitOf = (config: ServerConfig, request: FastifyRequest): AppliedLimit => appliedLimit(config, request.project?.rateLimits, groupOf(request))

/**
 * Limits every public route per client (`@fastify/rate-limit`): a client is an IPv4 address or an
 * IPv6 /64 ({@link clientKey} of `request.ip`, which follows `trustProxy`), counted per project
 * and route group in fixed windows. Over the limit the answer is 429 `rate_limited` with
 * `Retry-After` and 'Too many requests; try again in N s' ('Too many sign-in requests; …' for
 * nonces). Counting runs after the project guard, so it knows the project; routes marked
 * `access: 'open'` (the test-only fault API, the relay's upgrade, which caps its own sockets)
 * are not counted.
 *
 * On PostgreSQL the counters live in the database, so every server process sharing it enforces
 * one limit; on the embedded database (one process) they stay in memory.
 *
 * Must be called before the routes are declared: it hooks each route as it is added, and throws
 * for a counted route with no group in its table.
 *
 * @param app - The Fastify instance.
 * @param config - The server configuration.
 * @param store - The database; a PostgreSQL one holds the counters.
 */
export async function installRateLimits(app: FastifyInstance, config: ServerConfig, store: Store): Promise<void> {
  app.addHook('onRoute', route => {
    if (route.config?.access === 'open') return
    const url = route.url ?? route.path
    if (!(url in ROUTE_GROUPS)) throw new Error(`route ${route.method} ${url} has no rate limit group (http/rateLimits.ts)`)
  })
  await app.register(rateLimit, {
    global: true,
    hook: 'onRequest',
    cache: RATE_LIMIT_MAX_CLIENTS,
    // A database hiccup must not take every route down with it: the request goes ahead uncounted.
    skipOnError: true,
    ...(store.kind === 'postgres' ? { store: postgresRateLimitStore(store) } : {}),
    allowList: request => request.routeOptions.config.access === 'open' || !limitOf(config, request).enabled,
    keyGenerator: request => `${groupOf(request)}|${request.project?.id ?? '-'}|${clientKey(request.ip)}`,
    max: request => limitOf(config, request).max,
    timeWindow: request => limitOf(config, request).windowMs,
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    addHeaders: { 'x-ratelimit-limit': true, 'x-ratelimit-remaining': true, 'x-ratelimit-reset': true, 'retry-after': true },
    errorResponseBuilder: (request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000))
      const what = groupOf(request) === 'nonce' ? 'sign-in requests' : 'requests'
      return new ApiError(429, `Too many ${what}; try again in ${seconds} s`)
    }
  })
}

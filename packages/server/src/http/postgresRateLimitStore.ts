import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import type { Store } from '../db/Store.js'

/** How often a process deletes counters of windows that ended (at most). */
const CLEAN_EVERY_MS = 60_000

/** Counters older than this are deleted (the longest window allowed is an hour). */
const KEEP_MS = 2 * 60 * 60_000

/**
 * A `@fastify/rate-limit` store whose counters are rows of `rate_limits`, so that every server
 * process on one PostgreSQL counts into the same windows. Windows are fixed and aligned to the
 * clock (`floor(now / window)`), so processes agree on them without talking; each request is one
 * upsert. Windows that ended are deleted now and then by whichever process counts.
 *
 * @param store - The shared database.
 * @param now - The clock (tests pass their own).
 */
export function postgresRateLimitStore(store: Store, now: () => number = Date.now): FastifyRateLimitStoreCtor {
  let lastClean = 0
  const clean = (at: number): void => {
    if (at - lastClean < CLEAN_EVERY_MS) return
    lastClean = at
    store.query('DELETE FROM rate_limits WHERE window_start < $1', [at - KEEP_MS]).catch(error => {
      console.error('wallet-modal-server: could not delete old rate limit counters:', error)
    })
  }
  class PostgresRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      const at = now()
      const windowStart = Math.floor(at / timeWindow) * timeWindow
      store
        .query<{ hits: number }>(
          `INSERT INTO rate_limits (key, window_start, hits) VALUES ($1, $2, 1)
           ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limits.hits + 1
           RETURNING hits::int AS hits`,
          [key, windowStart]
        )
        .then(
          result => callback(null, { current: result.rows[0]!.hits, ttl: windowStart + timeWindow - at }),
          error => callback(error instanceof Error ? error : new Error(String(error)))
        )
      clean(at)
    }

    child(): FastifyRateLimitStore {
      return this
    }
  }
  return PostgresRateLimitStore
}

import type { Store } from './Store.js'

const DAY_MS = 24 * 60 * 60 * 1000

/** How long each kind of row is kept, in days (fractions allowed), and how often the job runs. */
export interface RetentionConfig {
  /** Request log rows (default 30 days). */
  requestLogDays?: number
  /** Analytics events, by arrival (default 90 days). */
  analyticsDays?: number
  /** Sign-in sessions, counted from when they ended: revoked or expired (default 30 days). */
  endedSessionsDays?: number
  /** Relay messages, by publication, whatever TTL they asked for (default 30 days, WalletConnect's longest TTL). */
  relayMessagesDays?: number
  /** User operations the bundler submitted (default 30 days: after that a receipt is asked of the chain's explorer). */
  userOperationsDays?: number
  /** Time between two runs in ms (default one hour; the first run is at start). */
  intervalMs?: number
}

/** The defaults of {@link RetentionConfig}. */
export const RETENTION_DEFAULTS = {
  requestLogDays: 30,
  analyticsDays: 90,
  endedSessionsDays: 30,
  relayMessagesDays: 30,
  userOperationsDays: 30,
  intervalMs: 60 * 60 * 1000
} as const satisfies Required<RetentionConfig>

/** Rows one run deleted, by table. */
export interface RetentionReport {
  requestLog: number
  analytics: number
  endedSessions: number
  relayMessages: number
  userOperations: number
  /** Paymaster sponsorships (their budgets look back one day), kept as long as user operations. */
  sponsorships: number
  /** The embedded wallet's code failures and device-mail cooldowns past their day, and its ended sessions. */
  embeddedAuth: number
}

/**
 * Keeps every table that grows with traffic bounded: deletes request log rows, analytics events,
 * ended sign-in sessions (their message and signature name a visitor), relay messages, user
 * operations and paymaster sponsorships older than their configured age, and the embedded
 * wallet's day-old code failures and device-mail cooldowns and its expired sessions, once at start and then every `intervalMs`. Cut-offs are computed
 * from `now()`, so a test can run years of traffic in a second.
 *
 * A run that fails is logged and retried at the next interval; `stop()` waits for a running one,
 * so the database is not closed under it.
 */
export class RetentionJob {
  private timer: NodeJS.Timeout | undefined
  private running: Promise<unknown> = Promise.resolve()
  private readonly ages: Required<RetentionConfig>

  /**
   * @param store - The database.
   * @param config - Ages and interval; see {@link RETENTION_DEFAULTS}.
   * @param now - The clock (tests pass their own).
   */
  constructor(
    private readonly store: Store,
    config: RetentionConfig = {},
    private readonly now: () => number = Date.now
  ) {
    this.ages = { ...RETENTION_DEFAULTS, ...config }
  }

  /** Deletes what is past its age, now; resolves to how many rows of each kind. */
  async runOnce(): Promise<RetentionReport> {
    const cutoff = (days: number) => new Date(this.now() - days * DAY_MS).toISOString()
    const deleted = async (sql: string, days: number) => {
      const { rows } = await this.store.query<{ n: number }>(`WITH gone AS (${sql} RETURNING 1) SELECT count(*)::int AS n FROM gone`, [cutoff(days)])
      return rows[0]?.n ?? 0
    }
    return {
      requestLog: await deleted('DELETE FROM request_log WHERE at < $1::timestamptz', this.ages.requestLogDays),
      analytics: await deleted('DELETE FROM analytics_events WHERE received_at < $1::timestamptz', this.ages.analyticsDays),
      endedSessions: await deleted(
        'DELETE FROM siwx_sessions WHERE revoked_at < $1::timestamptz OR expiration_time < $1::timestamptz',
        this.ages.endedSessionsDays
      ),
      relayMessages: await deleted('DELETE FROM relay_messages WHERE published_at < $1::timestamptz', this.ages.relayMessagesDays),
      userOperations: await deleted('DELETE FROM user_operations WHERE created_at < $1::timestamptz', this.ages.userOperationsDays),
      sponsorships: await deleted('DELETE FROM paymaster_sponsorships WHERE created_at < $1::timestamptz', this.ages.userOperationsDays),
      // Each counts over one day at most (docs/ARCHITECTURE.md), and a session past either expiry is over.
      embeddedAuth:
        (await deleted('DELETE FROM embedded_otp_failures WHERE failed_at < $1::timestamptz', 1)) +
        (await deleted('DELETE FROM embedded_device_mails WHERE sent_at < $1::timestamptz', 1)) +
        (await deleted('DELETE FROM embedded_sessions WHERE expires_at < $1::timestamptz OR idle_expires_at < $1::timestamptz', 0))
    }
  }

  /** Runs now, then every `intervalMs` (the timer does not keep the process alive). */
  start(): void {
    const run = () => {
      this.running = this.runOnce().catch(error => console.error('wallet-modal-server: retention run failed:', error))
    }
    run()
    this.timer = setInterval(run, this.ages.intervalMs)
    this.timer.unref()
  }

  /** Stops the timer and waits for a run in progress. */
  async stop(): Promise<void> {
    clearInterval(this.timer)
    this.timer = undefined
    await this.running
  }
}

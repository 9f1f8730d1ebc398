import type { Store } from '../db/Store.js'
import { RegistrySync, type RegistrySyncOptions, type RegistrySyncResult } from './RegistrySync.js'

/**
 * The public wallet registry the directory is synced from (`registry` in the server config).
 * Without `projectId` nothing is synced by the server (`wallet-modal-server wallets sync` can
 * still be run by hand with `--project-id`), and the catalogue is served until a sync succeeds.
 *
 * @example
 * ```json
 * { "registry": { "projectId": "your-walletconnect-cloud-project-id", "refreshHours": 24 } }
 * ```
 */
export interface RegistryConfig {
  /** Registry base URL (default `https://api.web3modal.org`). */
  sourceUrl?: string
  /** The operator's WalletConnect Cloud project id; with it, the running server refreshes the registry. */
  projectId?: string
  /** Hours between two refreshes (default 24; fractions allowed). */
  refreshHours?: number
}

/** Default of {@link RegistryConfig.refreshHours}. */
export const REGISTRY_REFRESH_HOURS = 24
/** After a failed sync, the next try comes this much later (or after `refreshHours`, if sooner). */
const RETRY_MS = 60 * 60 * 1000
/** Advisory lock (try-only) around a claim: one process of a deployment claims each refresh. */
const CLAIM_LOCK_KEY = 72_616_103
const HOUR_MS = 60 * 60 * 1000

/** Options of {@link RegistryRefreshJob} besides the registry config. */
export interface RegistryRefreshOptions {
  /** How often to check whether a refresh is due, in ms (default: a tenth of the refresh period, at most an hour). */
  checkMs?: number
  /** Passed on to each {@link RegistrySync} (tests shorten timeouts, pick page sizes). */
  sync?: Partial<Omit<RegistrySyncOptions, 'store' | 'projectId' | 'sourceUrl' | 'signal'>>
  /** Told each result or failure (default console). */
  onResult?: (result: RegistrySyncResult | Error) => void
}

/**
 * Refreshes the synced wallet registry while the server runs: checks at start and then every
 * `checkMs` whether a refresh is due (no success within `refreshHours`, and no attempt within the
 * retry delay), and if so runs a {@link RegistrySync}. One run at a time in a process; across
 * the processes of a deployment on one PostgreSQL database, a due refresh is claimed under a
 * transaction-scoped advisory lock by stamping `registry_sync.last_attempt_at`, so exactly one
 * process runs it and the others see it claimed. The timer does not keep the process alive;
 * `stop()` aborts a run in progress (it then writes nothing) and waits for it.
 */
export class RegistryRefreshJob {
  private timer: NodeJS.Timeout | undefined
  private running: Promise<unknown> | undefined
  private readonly stopping = new AbortController()
  private readonly refreshMs: number

  /**
   * @param store - The database.
   * @param config - The registry config; `projectId` must be set.
   * @param options - See {@link RegistryRefreshOptions}.
   */
  constructor(
    private readonly store: Store,
    private readonly config: RegistryConfig & { projectId: string },
    private readonly options: RegistryRefreshOptions = {}
  ) {
    this.refreshMs = (config.refreshHours ?? REGISTRY_REFRESH_HOURS) * HOUR_MS
  }

  /**
   * Claims the refresh if it is due and no other process holds the claim lock; resolves to
   * whether this process should run it.
   */
  async claim(): Promise<boolean> {
    const retryMs = Math.min(RETRY_MS, this.refreshMs)
    return this.store.transaction(async tx => {
      const { rows: lock } = await tx.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS locked', [CLAIM_LOCK_KEY])
      if (!lock[0]?.locked) return false
      // Due: never synced or synced too long ago, and nobody tried lately (a run in progress
      // elsewhere stamped last_attempt_at when it claimed).
      const { rows } = await tx.query<{ due: boolean }>(
        `SELECT NOT EXISTS (
           SELECT 1 FROM registry_sync WHERE id = 1 AND (
             (last_success_at IS NOT NULL AND last_success_at > now() - make_interval(secs => $1::float8 / 1000))
             OR (last_attempt_at IS NOT NULL AND last_attempt_at > now() - make_interval(secs => $2::float8 / 1000))
           )
         ) AS due`,
        [this.refreshMs, retryMs]
      )
      if (!rows[0]?.due) return false
      await tx.query('INSERT INTO registry_sync (id, last_attempt_at) VALUES (1, now()) ON CONFLICT (id) DO UPDATE SET last_attempt_at = now()')
      return true
    })
  }

  /** Runs a refresh now if it is due (and none is running here); resolves when it is over. */
  async runIfDue(): Promise<RegistrySyncResult | undefined> {
    if (this.running || this.stopping.signal.aborted) return undefined
    const run = (async () => {
      if (!(await this.claim())) return undefined
      return new RegistrySync({
        ...this.options.sync,
        store: this.store,
        projectId: this.config.projectId,
        sourceUrl: this.config.sourceUrl,
        signal: this.stopping.signal
      }).run()
    })()
    this.running = run
    try {
      const result = await run
      if (result) (this.options.onResult ?? (() => {}))(result)
      return result
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error))
      if (this.options.onResult) this.options.onResult(failure)
      else if (!this.stopping.signal.aborted)
        console.error(`wallet-modal-server: wallet registry refresh failed (the previous copy is kept): ${failure.message}`)
      return undefined
    } finally {
      this.running = undefined
    }
  }

  /** Checks now, then every `checkMs` (the timer does not keep the process alive). */
  start(): void {
    const checkMs = this.options.checkMs ?? Math.max(1000, Math.min(HOUR_MS, this.refreshMs / 10))
    void this.runIfDue()
    this.timer = setInterval(() => void this.runIfDue(), checkMs)
    this.timer.unref()
  }

  /** Stops the timer, aborts a run in progress and waits for it. */
  async stop(): Promise<void> {
    clearInterval(this.timer)
    this.timer = undefined
    this.stopping.abort()
    await this.running?.catch(() => {})
  }
}

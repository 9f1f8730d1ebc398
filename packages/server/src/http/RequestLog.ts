import type { Store } from '../db/Store.js'

/** One answered request. */
export interface RequestLogEntry {
  at: Date
  method: string
  /** URL path without the query string (queries may carry addresses). */
  path: string
  status: number
  ms: number
  projectId: string | null
}

const FLUSH_EVERY_MS = 250
const FLUSH_AT = 100

/**
 * The request log: every answered request goes to the `request_log` table, and to stdout when
 * `print` is on (`GET /getWallets 200 3.1 ms`).
 *
 * Writes are batched (every 250 ms or 100 entries, one INSERT each) so logging never sits on a
 * request's path; {@link RequestLog.close} writes what is left before the store closes.
 */
export class RequestLog {
  private pending: RequestLogEntry[] = []
  private timer: NodeJS.Timeout | undefined
  private flushing: Promise<void> = Promise.resolve()

  /**
   * @param store - Where entries go.
   * @param print - Also print one line per request.
   */
  constructor(
    private readonly store: Store,
    private readonly print: boolean
  ) {}

  /** Records one request. */
  add(entry: RequestLogEntry): void {
    if (this.print) console.log(`${entry.method} ${entry.path} ${entry.status} ${entry.ms.toFixed(1)} ms`)
    this.pending.push(entry)
    if (this.pending.length >= FLUSH_AT) void this.flush()
    else this.timer ??= setTimeout(() => void this.flush(), FLUSH_EVERY_MS)
  }

  /** Writes the pending entries; resolves when they (and earlier writes) are stored. */
  flush(): Promise<void> {
    clearTimeout(this.timer)
    this.timer = undefined
    const batch = this.pending
    this.pending = []
    this.flushing = this.flushing.then(async () => {
      if (batch.length === 0) return
      try {
        await this.store.query(
          `INSERT INTO request_log (at, method, path, status, ms, project_id)
           SELECT at, method, path, status, ms, project_id
           FROM json_to_recordset($1::json) AS r(at timestamptz, method text, path text, status integer, ms real, project_id text)`,
          [JSON.stringify(batch.map(e => ({ at: e.at.toISOString(), method: e.method, path: e.path, status: e.status, ms: e.ms, project_id: e.projectId })))]
        )
      } catch (error) {
        // A lost log line must not take the server down; say so once per failed batch.
        console.error(`wallet-modal-server: could not store ${batch.length} request log entries:`, error)
      }
    })
    return this.flushing
  }

  /** Stops the timer and stores what is pending. */
  close(): Promise<void> {
    return this.flush()
  }
}

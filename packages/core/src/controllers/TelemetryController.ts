/** Most error reports sent per window (spec §8/§9). */
export const ERROR_REPORTS_PER_WINDOW = 5
/** The error report window (spec §9). */
export const ERROR_REPORT_WINDOW_MS = 60_000
/** The event that is never sent (spec §7). */
export const NEVER_SENT_EVENTS: readonly string[] = ['MODAL_CREATED']

/** Telemetry gate: whether analytics may be sent, and the error-report rate limit. */
export function createTelemetryController(now: () => number = Date.now) {
  let enabledBySite = false
  let enabledRemotely = false
  let reportedForbidden = false
  const sent: number[] = []
  return {
    /** Site option and remote analytics config must both allow it (remote defaults to off on failure). */
    setEnabled(site: boolean, remote: boolean): void {
      enabledBySite = site
      enabledRemotely = remote
    },
    isEnabled(): boolean {
      return enabledBySite && enabledRemotely
    },
    /** True when an event of this name may be sent now. */
    mayTrack(event: string): boolean {
      return this.isEnabled() && !NEVER_SENT_EVENTS.includes(event)
    },
    /** True (and counted) when one more error report fits in the 5-per-60-s budget. */
    takeErrorReportSlot(): boolean {
      const t = now()
      while (sent.length && t - sent[0]! >= ERROR_REPORT_WINDOW_MS) sent.shift()
      if (sent.length >= ERROR_REPORTS_PER_WINDOW) return false
      sent.push(t)
      return true
    },
    /** True the first time only: the forbidden-origin flag is reported once (spec §8). */
    takeForbiddenReport(): boolean {
      if (reportedForbidden) return false
      reportedForbidden = true
      return true
    }
  }
}

/** The telemetry controller's type. */
export type TelemetryController = ReturnType<typeof createTelemetryController>

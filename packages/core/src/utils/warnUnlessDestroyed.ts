import type { Core } from '../core/Core.js'

/**
 * Logs a background failure (`[wallet-modal] {what}`), except once the core is destroyed: its
 * requests in flight are then aborted on purpose, and a site that dropped a modal should not see
 * a warning per aborted balance read or analytics event.
 */
export function warnUnlessDestroyed(core: Pick<Core, 'runtime'>, what: string, err: unknown): void {
  if (core.runtime.lifetime.signal.aborted) return
  console.warn(`[wallet-modal] ${what}`, err)
}

import type { Core } from '../core/Core.js'
import type { ModalEvent } from '../controllers/EventsController.js'
import { warnUnlessDestroyed } from '../utils/warnUnlessDestroyed.js'
import { whenIdle } from '../utils/whenIdle.js'

function randomId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(16).slice(2)}`
}

function base() {
  const loc = globalThis.location
  return { eventId: randomId(), url: loc?.href ?? '', domain: loc?.hostname ?? '', timestamp: Date.now() }
}

/** Sends one analytics event (spec §7 `POST /e`) when the site and the project allow it. Never throws. */
export async function trackEvent(core: Core, event: string, properties?: Record<string, unknown>): Promise<void> {
  const at = base()
  const address = core.chain.activeAccount().address
  // Analytics waits for the browser to be idle: an event (MODAL_OPEN on a click) must never
  // compete with what the visitor waits for (docs/performance.md). Never, once the core is gone.
  await new Promise<void>(resolve => whenIdle(resolve, 1000, core.runtime.lifetime.signal))
  const api = await core.loadServices()
  if (!api || !core.telemetry.mayTrack(event)) return
  try {
    await api.sendEvent({ ...at, props: { type: 'track', event, address, properties } })
  } catch (err) {
    warnUnlessDestroyed(core, 'analytics event not sent', err)
  }
}

/**
 * Reports an error (spec §8): at most 5 per 60 s, only when analytics is allowed. Never throws.
 * Fields longer than the sink takes are clipped on the way out (`ServiceClient.sendEvent`).
 */
export async function reportError(core: Core, errorType: string, errorMessage: string, stackTrace?: string): Promise<void> {
  const api = await core.loadServices()
  if (!api || !core.telemetry.isEnabled() || !core.telemetry.takeErrorReportSlot()) return
  try {
    await api.sendEvent({ ...base(), props: { type: 'error', event: 'ERROR', errorType, errorMessage, stackTrace } })
  } catch (err) {
    console.warn('[wallet-modal] error report not sent', err)
  }
}

/** Forwards the modal's events to analytics (errors as rate-limited error reports). */
export function trackModalEvents(core: Core): () => void {
  return core.events.subscribe((e: ModalEvent) => {
    if (e.type === 'ERROR' || e.type === 'CONNECT_ERROR') void reportError(core, e.data.code, e.data.message)
    else void trackEvent(core, e.type, e.data as Record<string, unknown>)
  })
}

import type { Core } from '../core/Core.js'
import { DISCONNECTED_IDS_KEPT, STORAGE_KEYS } from '../utils/storage.js'

const isIdList = (v: unknown): v is string[] => Array.isArray(v) && v.every(x => typeof x === 'string')

/** The connector ids the person disconnected and has not connected since (spec §3), most recent first. */
export function disconnectedConnectorIds(core: Core): string[] {
  return core.storage.get(STORAGE_KEYS.disconnectedConnectorIds, isIdList) ?? []
}

/**
 * Remembers (`disconnected` true) or forgets a disconnect of a connector: ids compare
 * case-insensitively (spec §4), the newest first, {@link DISCONNECTED_IDS_KEPT} kept.
 */
export function noteDisconnected(core: Core, id: string, disconnected: boolean): void {
  const before = disconnectedConnectorIds(core)
  const rest = before.filter(x => x.toLowerCase() !== id.toLowerCase())
  const next = disconnected ? [id, ...rest].slice(0, DISCONNECTED_IDS_KEPT) : rest
  if (next.length === before.length && next.every((x, i) => x === before[i])) return
  if (next.length) core.storage.set(STORAGE_KEYS.disconnectedConnectorIds, next)
  else core.storage.remove(STORAGE_KEYS.disconnectedConnectorIds)
}

/** Whether a connector was disconnected by the person (so it must not be restored without a click). */
export function wasDisconnected(core: Core, id: string): boolean {
  return disconnectedConnectorIds(core).some(x => x.toLowerCase() === id.toLowerCase())
}

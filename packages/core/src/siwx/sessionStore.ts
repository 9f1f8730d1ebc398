import type { SIWXSession } from './SIWXConfig.js'
import type { StorageBackend } from '../utils/storage.js'

/**
 * A list of sessions kept as JSON under one key. Garbage reads as empty and a storage that
 * throws (full, blocked) loses persistence only, never the sign-in in progress.
 *
 * @param storage - Where to keep them (localStorage when undefined in a browser).
 * @param key - The storage key.
 * @param valid - Keeps only well-formed entries.
 */
export function sessionStore<S extends SIWXSession>(storage: StorageBackend | undefined, key: string, valid: (v: unknown) => v is S) {
  return {
    read(): S[] {
      try {
        const raw = JSON.parse(storage?.getItem(key) ?? '[]') as unknown
        return Array.isArray(raw) ? raw.filter(valid) : []
      } catch {
        return []
      }
    },
    write(sessions: SIWXSession[]): void {
      try {
        storage?.setItem(key, JSON.stringify(sessions.filter(valid)))
      } catch {
        // Persistence lost only.
      }
    }
  }
}

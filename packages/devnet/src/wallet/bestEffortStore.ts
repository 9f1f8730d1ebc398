import type { StorageLike } from './types.js'

/** Get and set over a Storage, or over memory when there is none. */
export interface BestEffortStore {
  get(key: string): string | null
  /** `null` removes the key. */
  set(key: string, value: string | null): void
}

/**
 * The dev wallets' persistence: read and written through on every call (a test that clears
 * localStorage sees a fresh wallet), memory only with `null`, and storage errors ignored because
 * persistence is best effort.
 *
 * @param storage - Where to persist, or null for memory only.
 */
export function bestEffortStore(storage: StorageLike | null): BestEffortStore {
  const memory = new Map<string, string>()
  return {
    get(key) {
      if (!storage) return memory.get(key) ?? null
      try {
        return storage.getItem(key)
      } catch {
        return null
      }
    },
    set(key, value) {
      if (!storage) {
        if (value === null) memory.delete(key)
        else memory.set(key, value)
        return
      }
      try {
        if (value === null) storage.removeItem(key)
        else storage.setItem(key, value)
      } catch {
        // Persistence is best effort.
      }
    }
  }
}

/** The page's localStorage, or null where there is none or it throws (sandboxed iframes). */
export function defaultWalletStorage(): StorageLike | null {
  try {
    return typeof localStorage !== 'undefined' ? localStorage : null
  } catch {
    return null
  }
}

// Storage backends for the modal in tests: one isolated per test, one that always fails.
import type { StorageBackend } from '@wallet-modal/core'

/** Isolated storage per test; `map` shows what was stored. */
export function memoryStorage(): StorageBackend & { map: Map<string, string> } {
  const map = new Map<string, string>()
  return { map, getItem: k => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: k => void map.delete(k) }
}

/** A storage backend that throws on every call (privacy modes, full quota). */
export function brokenStorage(): StorageBackend {
  const fail = (why: string) => () => {
    throw new Error(why)
  }
  return { getItem: fail('denied'), setItem: fail('quota'), removeItem: fail('denied') }
}

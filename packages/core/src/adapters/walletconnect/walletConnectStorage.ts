import type { StorageBackend } from '../../utils/storage.js'
import { STORAGE_PREFIX } from '../../utils/storage.js'

/** The asynchronous key-value store `@walletconnect/sign-client` asks for. */
export interface WalletConnectKeyValueStorage {
  getKeys(): Promise<string[]>
  getEntries<T = unknown>(): Promise<[string, T][]>
  getItem<T = unknown>(key: string): Promise<T | undefined>
  setItem<T = unknown>(key: string, value: T): Promise<void>
  removeItem(key: string): Promise<void>
}

const PREFIX = `${STORAGE_PREFIX}wc/`
const INDEX = `${PREFIX}__keys`

/**
 * The sign-client's store on top of the site's storage backend (localStorage by default, or what
 * the site passed as `storage`), so a session lives where the rest of the modal's state lives and
 * tests can run on memory. The Web Storage API cannot list keys of one prefix cheaply, so an index
 * key lists them. Failing writes (quota, privacy mode) are swallowed: the session then simply does
 * not survive a reload.
 */
export function createWalletConnectStorage(backend: StorageBackend): WalletConnectKeyValueStorage {
  const keys = (): string[] => {
    try {
      const v: unknown = JSON.parse(backend.getItem(INDEX) ?? '[]')
      return Array.isArray(v) ? v.filter((k): k is string => typeof k === 'string') : []
    } catch {
      return []
    }
  }
  const writeKeys = (list: string[]) => {
    try {
      backend.setItem(INDEX, JSON.stringify(list))
    } catch {
      // see above
    }
  }
  const read = <T>(key: string): T | undefined => {
    try {
      const raw = backend.getItem(PREFIX + key)
      return raw === null ? undefined : (JSON.parse(raw) as T)
    } catch {
      return undefined
    }
  }
  return {
    async getKeys() {
      return keys()
    },
    async getEntries<T>() {
      const entries: [string, T][] = []
      for (const k of keys()) {
        const v = read<T>(k)
        if (v !== undefined) entries.push([k, v])
      }
      return entries
    },
    async getItem<T>(key: string) {
      return read<T>(key)
    },
    async setItem<T>(key: string, value: T) {
      try {
        backend.setItem(PREFIX + key, JSON.stringify(value))
        const list = keys()
        if (!list.includes(key)) writeKeys([...list, key])
      } catch {
        // see above
      }
    },
    async removeItem(key: string) {
      try {
        backend.removeItem(PREFIX + key)
      } catch {
        // see above
      }
      writeKeys(keys().filter(k => k !== key))
    }
  }
}

/** The subset of the Web Storage API the modal uses; tests and SSR pass their own. */
export interface StorageBackend {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

/** A stored value with the time it was written (spec §3 cached records). */
export interface StoredRecord<T> {
  value: T
  timestamp: number
}

/** Key prefix of everything the modal stores, so it never collides with the site's keys. */
export const STORAGE_PREFIX = '@wallet-modal/'

/** The keys of spec §3 the modal persists. */
export const STORAGE_KEYS = {
  connectedConnectorId: (namespace: string) => `connected-connector-id/${namespace}`,
  /** The CAIP-10 address last connected on a namespace: shown while a reload restores it. */
  connectedAddress: (namespace: string) => `connected-address/${namespace}`,
  activeNetwork: 'active-network',
  activeNamespace: 'active-namespace',
  connectionStatus: 'connection-status',
  recentWallets: 'recent-wallets',
  walletInfo: 'wallet-info',
  connectedNamespaces: 'connected-namespaces',
  /** Every wallet connection kept on a namespace (spec §3 connections; multi-wallet), the active one marked. */
  connections: (namespace: string) => `connections/${namespace}`,
  portfolio: (caipAddress: string) => `portfolio/${caipAddress}`,
  nativeBalance: (caipAddress: string) => `native-balance/${caipAddress}`,
  identity: (address: string) => `identity/${address.toLowerCase()}`,
  /** The name service's name of an address (spec §3 cached records), `{ name }`. */
  profileName: (address: string) => `profile-name/${address.toLowerCase()}`,
  /**
   * The wallets the person disconnected and has not connected since (spec §3 stored records), most
   * recent first, at most {@link DISCONNECTED_IDS_KEPT}: a connector listed here is never restored
   * without a click (a reload in another tab, a stored multi-wallet entry).
   */
  disconnectedConnectorIds: 'disconnected-connector-ids',
  /** The account type the person chose on a namespace (spec §3 cached records): 'eoa' or 'smartAccount'. */
  preferredAccountType: (namespace: string) => `preferred-account-type/${namespace}`
} as const

/** How many disconnected connector ids are kept. */
export const DISCONNECTED_IDS_KEPT = 20

/** A typed view over a storage backend. Reads never throw: garbage reads as missing. */
export interface RecordStorage {
  /** Reads a record; `validate` rejects foreign shapes; `maxAgeMs` expires old ones. */
  get<T>(key: string, validate: (value: unknown) => value is T, maxAgeMs?: number): T | undefined
  set<T>(key: string, value: T): void
  remove(key: string): void
}

function memoryBackend(): StorageBackend {
  const map = new Map<string, string>()
  return {
    getItem: k => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: k => void map.delete(k)
  }
}

/** The page's localStorage when usable (it throws in some privacy modes), else memory. */
export function defaultStorageBackend(): StorageBackend {
  try {
    const ls = (globalThis as { localStorage?: StorageBackend }).localStorage
    if (ls) {
      const probe = `${STORAGE_PREFIX}probe`
      ls.setItem(probe, '1')
      ls.removeItem(probe)
      return ls
    }
  } catch {
    // fall through to memory: storage is a convenience, never a requirement
  }
  return memoryBackend()
}

/**
 * Creates the record storage. Values are JSON `{ value, timestamp }`; anything that does not
 * parse, lacks a timestamp, fails `validate` or is older than `maxAgeMs` reads as `undefined`
 * and is removed, so a corrupted entry starts the modal clean instead of crashing it.
 */
export function createStorage(backend: StorageBackend = defaultStorageBackend(), now: () => number = Date.now): RecordStorage {
  const read = (key: string): string | null => {
    try {
      return backend.getItem(STORAGE_PREFIX + key)
    } catch {
      return null
    }
  }
  const remove = (key: string): void => {
    try {
      backend.removeItem(STORAGE_PREFIX + key)
    } catch {
      // ignore: nothing to clean
    }
  }
  return {
    get<T>(key: string, validate: (value: unknown) => value is T, maxAgeMs?: number): T | undefined {
      const raw = read(key)
      if (raw === null) return undefined
      let parsed: unknown
      try {
        parsed = JSON.parse(raw)
      } catch {
        remove(key)
        return undefined
      }
      const rec = parsed as Partial<StoredRecord<unknown>> | null
      const valid = rec !== null && typeof rec === 'object' && typeof rec.timestamp === 'number' && 'value' in rec && validate(rec.value)
      const fresh = valid && (maxAgeMs === undefined || now() - (rec.timestamp as number) <= maxAgeMs)
      if (!valid || !fresh) {
        remove(key)
        return undefined
      }
      return rec.value as T
    },
    set<T>(key: string, value: T): void {
      try {
        backend.setItem(STORAGE_PREFIX + key, JSON.stringify({ value, timestamp: now() } satisfies StoredRecord<T>))
      } catch {
        // quota or privacy mode: the modal keeps working without persistence
      }
    },
    remove
  }
}

/** Validator helpers for {@link RecordStorage.get}. */
export const is = {
  string: (v: unknown): v is string => typeof v === 'string' && v.length > 0,
  stringArray: (v: unknown): v is string[] => Array.isArray(v) && v.every(x => typeof x === 'string'),
  oneOf:
    <T extends string>(...values: T[]) =>
    (v: unknown): v is T =>
      typeof v === 'string' && (values as string[]).includes(v)
}

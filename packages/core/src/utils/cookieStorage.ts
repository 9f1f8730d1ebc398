import { WIRED_NAMESPACES, type CaipAddress, type WiredNamespace } from '../types/network.js'
import { createStorage, defaultStorageBackend, is, STORAGE_KEYS, STORAGE_PREFIX, type StorageBackend } from './storage.js'

/** Name of the cookie {@link cookieStorage} writes: the connection, never keys or balances. */
export const WALLET_MODAL_COOKIE = 'wallet-modal'

/**
 * What a server knows about a returning visitor from the cookie: enough to render the account the
 * first client render will show while the wallet confirms it (see {@link cookieToInitialState}).
 * Plain JSON: a server component can hand it to a client component.
 */
export interface WalletModalInitialState {
  /** The CAIP-10 address last connected on each namespace being restored. */
  accounts: Partial<Record<WiredNamespace, CaipAddress>>
  /** The namespace that was active. */
  activeNamespace?: WiredNamespace
  /** The CAIP-2 id of the network that was active. */
  activeNetworkId?: string
}

// Only what rendering a returning visitor needs goes into the cookie (it travels with every
// request and holds 4 KB); caches stay in localStorage.
const cookieKeys = (): string[] =>
  [
    STORAGE_KEYS.connectionStatus,
    STORAGE_KEYS.activeNetwork,
    STORAGE_KEYS.activeNamespace,
    STORAGE_KEYS.connectedNamespaces,
    ...WIRED_NAMESPACES.flatMap(ns => [STORAGE_KEYS.connectedConnectorId(ns), STORAGE_KEYS.connectedAddress(ns)])
  ].map(k => STORAGE_PREFIX + k)

/** Reads our cookie out of a `Cookie` header (or `document.cookie`); garbage reads as empty. */
function parseCookie(header: string | null | undefined): Record<string, string> {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=')
    if (eq < 0 || part.slice(0, eq).trim() !== WALLET_MODAL_COOKIE) continue
    try {
      const parsed: unknown = JSON.parse(decodeURIComponent(part.slice(eq + 1).trim()))
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {}
      return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'))
    } catch {
      return {}
    }
  }
  return {}
}

/** Options of {@link cookieStorage}. */
export interface CookieStorageOptions {
  /** On the server: the request's `Cookie` header (the browser reads `document.cookie`). */
  cookie?: string | null
  /** How long the cookie lives (default 30 days). */
  maxAgeSeconds?: number
}

/**
 * A storage backend for the `storage` option that keeps the connection in a first-party cookie
 * (`SameSite=Lax`, `Secure` on https) and everything else in localStorage, so a server rendering
 * the page can show a returning visitor's account (with {@link cookieToInitialState}) and the
 * first client render matches it. Safe to call in Node (it then only reads `options.cookie`).
 *
 * @example
 * ```ts
 * import { createWalletModal } from '@wallet-modal/ui'
 * import { cookieStorage } from '@wallet-modal/core'
 * const modal = createWalletModal({ projectId, networks, storage: cookieStorage() })
 * ```
 */
export function cookieStorage(options: CookieStorageOptions = {}): StorageBackend {
  const doc = (globalThis as { document?: { cookie: string; location?: { protocol: string } } }).document
  const keys = new Set(cookieKeys())
  const rest = defaultStorageBackend()
  let values = parseCookie(doc ? doc.cookie : options.cookie)
  const write = () => {
    if (!doc) return
    const secure = doc.location?.protocol === 'https:' ? '; Secure' : ''
    const empty = Object.keys(values).length === 0
    doc.cookie = `${WALLET_MODAL_COOKIE}=${empty ? '' : encodeURIComponent(JSON.stringify(values))}; Path=/; Max-Age=${empty ? 0 : (options.maxAgeSeconds ?? 30 * 86_400)}; SameSite=Lax${secure}`
  }
  return {
    getItem(key) {
      if (!keys.has(key)) return rest.getItem(key)
      // Another tab may have changed the cookie since: read it again.
      if (doc) values = parseCookie(doc.cookie)
      return values[key] ?? null
    },
    setItem(key, value) {
      if (!keys.has(key)) return rest.setItem(key, value)
      values = { ...(doc ? parseCookie(doc.cookie) : values), [key]: value }
      write()
    },
    removeItem(key) {
      if (!keys.has(key)) return rest.removeItem(key)
      const { [key]: _gone, ...kept } = doc ? parseCookie(doc.cookie) : values
      values = kept
      write()
    }
  }
}

/**
 * Reads, on the server, what {@link cookieStorage} wrote: the accounts a returning visitor is
 * about to be reconnected to. Pass the result to the React provider's `initialState` so the
 * server-rendered button already shows the account. Undefined when the cookie says nothing.
 *
 * @example
 * ```ts
 * // app/layout.tsx (a Next.js server component)
 * const initialState = cookieToInitialState((await headers()).get('cookie'))
 * ```
 */
export function cookieToInitialState(cookieHeader: string | null | undefined): WalletModalInitialState | undefined {
  const values = parseCookie(cookieHeader)
  const storage = createStorage({ getItem: k => values[k] ?? null, setItem: () => {}, removeItem: () => {} })
  if (storage.get(STORAGE_KEYS.connectionStatus, is.oneOf('connected')) !== 'connected') return undefined
  const accounts: WalletModalInitialState['accounts'] = {}
  for (const ns of WIRED_NAMESPACES) {
    const caipAddress = storage.get(STORAGE_KEYS.connectedAddress(ns), is.string)
    if (caipAddress?.startsWith(`${ns}:`) && storage.get(STORAGE_KEYS.connectedConnectorId(ns), is.string)) accounts[ns] = caipAddress as CaipAddress
  }
  if (Object.keys(accounts).length === 0) return undefined
  const active = storage.get(STORAGE_KEYS.activeNamespace, is.oneOf(...WIRED_NAMESPACES))
  return { accounts, activeNamespace: active, activeNetworkId: storage.get(STORAGE_KEYS.activeNetwork, is.string) }
}

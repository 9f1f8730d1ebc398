import { createDevnetBitcoinProvider, DEVNET_BITCOIN_METHODS, type CreateDevnetBitcoinProviderOptions } from './createDevnetBitcoinProvider.js'
import { DEVNET_BITCOIN_ICON } from './devnetBitcoinIcon.js'
import type { DevnetBitcoinProvider } from './types.js'

/**
 * Where the wallet lives on `window`, and so its sats-connect provider id: sats-connect resolves
 * a provider id as a dot-separated path from `window` (`getProviderById`), so
 * `request(method, params, 'DevnetBitcoinProvider')` talks to `window.DevnetBitcoinProvider`.
 */
export const DEVNET_BITCOIN_PROVIDER_ID = 'DevnetBitcoinProvider'

/** The name the wallet lists itself under in `window.btc_providers`. */
export const DEVNET_BITCOIN_WALLET_NAME = 'Devnet Bitcoin'

/** An entry of `window.btc_providers` (WBIP004 / sats-connect's `Provider`). */
export interface BitcoinProviderEntry {
  /** Path of the provider object from `window`, used as sats-connect's provider id. */
  readonly id: string
  /** Display name. */
  readonly name: string
  /** Data URI of the icon. */
  readonly icon: string
  /** Home page of the wallet (here: the page's own origin). */
  readonly webUrl?: string
  /** The request methods the wallet answers. */
  readonly methods?: readonly string[]
}

/** Options of {@link installDevnetBitcoinWallet}: the provider's options plus where to install it. */
export interface InstallDevnetBitcoinWalletOptions extends CreateDevnetBitcoinProviderOptions {
  /** Provider id = path on `window` (default {@link DEVNET_BITCOIN_PROVIDER_ID}); give a second wallet another one. */
  providerId?: string
  /** Display name in `btc_providers` (default {@link DEVNET_BITCOIN_WALLET_NAME}). */
  name?: string
  /** `webUrl` of the `btc_providers` entry (default `location.origin` when there is one). */
  webUrl?: string
  /**
   * Also become `window.XverseProviders.BitcoinProvider` when nothing is there yet (default true),
   * so sats-connect calls without a provider id, and its Xverse adapter, reach this wallet.
   */
  setXverseProvider?: boolean
  /** The object to install on (default `window`, or `globalThis` where there is no window). */
  target?: object
}

type Holder = Record<string, unknown> & { XverseProviders?: Record<string, unknown>; btc_providers?: BitcoinProviderEntry[] }

/**
 * Installs the Devnet Bitcoin wallet in the page the way Bitcoin extensions do for sats-connect 4.2.1:
 *
 * 1. `window[providerId] = provider` (default `window.DevnetBitcoinProvider`), since sats-connect
 *    looks providers up by that path;
 * 2. `window.XverseProviders = { ...existing, BitcoinProvider: provider }`, only when no
 *    `BitcoinProvider` is there (a real Xverse keeps its place);
 * 3. adds (or replaces, by id) `{ id: providerId, name: 'Devnet Bitcoin', icon, webUrl, methods }`
 *    in `window.btc_providers`, which sats-connect's `getProviders()` returns.
 *
 * How a site then reaches this wallet through sats-connect:
 * - `import { request, getProviders } from 'sats-connect'`; find the entry with
 *   `getProviders().find(p => p.id === 'DevnetBitcoinProvider')` and call
 *   `request('getAccounts', { purposes: ['payment', 'ordinals'] }, 'DevnetBitcoinProvider')`;
 * - or `setDefaultProvider('DevnetBitcoinProvider')` (localStorage `sats-connect_defaultProvider`)
 *   and then the default export's `Wallet.request(method, params)`, which then skips its own picker;
 * - `request(method, params)` without an id goes to `XverseProviders.BitcoinProvider`, which is
 *   this wallet only when step 2 happened.
 * Note that sats-connect's own picker (`Wallet.selectProvider`) lists only its built-in wallets
 * (Xverse, Unisat, Fordefi), never `btc_providers` entries.
 *
 * @param options - See {@link InstallDevnetBitcoinWalletOptions}.
 * @returns The provider, with its test controls (`setMode`, `reset`, ...).
 */
export function installDevnetBitcoinWallet(options: InstallDevnetBitcoinWalletOptions = {}): DevnetBitcoinProvider {
  const { providerId = DEVNET_BITCOIN_PROVIDER_ID, name = DEVNET_BITCOIN_WALLET_NAME, setXverseProvider = true } = options
  const target = (options.target ?? (typeof window !== 'undefined' ? window : globalThis)) as Holder
  const provider = createDevnetBitcoinProvider({
    ...options,
    // Keep two installed wallets' permissions apart.
    storageKey: options.storageKey ?? (providerId === DEVNET_BITCOIN_PROVIDER_ID ? 'devnet-bitcoin-wallet' : `devnet-bitcoin-wallet/${providerId}`)
  })
  setPath(target, providerId, provider)
  if (setXverseProvider && !target.XverseProviders?.BitcoinProvider) {
    target.XverseProviders = { ...target.XverseProviders, BitcoinProvider: provider }
  }
  const webUrl = options.webUrl ?? (typeof location !== 'undefined' ? location.origin : undefined)
  const entry: BitcoinProviderEntry = {
    id: providerId,
    name,
    icon: DEVNET_BITCOIN_ICON,
    ...(webUrl ? { webUrl } : {}),
    methods: [...DEVNET_BITCOIN_METHODS]
  }
  const list = Array.isArray(target.btc_providers) ? target.btc_providers : (target.btc_providers = [])
  const existing = list.findIndex(item => item?.id === providerId)
  if (existing >= 0) list.splice(existing, 1, entry)
  else list.push(entry)
  return provider
}

// sats-connect resolves ids with `id.split('.').reduce((acc, part) => acc?.[part], window)`.
function setPath(target: Holder, path: string, value: unknown): void {
  const parts = path.split('.')
  if (parts.some(part => part === '' || part === '__proto__' || part === 'constructor' || part === 'prototype')) {
    throw new Error(`installDevnetBitcoinWallet: bad provider id ${JSON.stringify(path)}`)
  }
  let holder: Record<string, unknown> = target
  for (const part of parts.slice(0, -1)) {
    const next = holder[part]
    holder = (typeof next === 'object' && next !== null ? next : (holder[part] = {})) as Record<string, unknown>
  }
  holder[parts[parts.length - 1]!] = value
}

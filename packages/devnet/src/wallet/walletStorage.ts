import type { StorageLike, WalletChain } from './types.js'
import { bestEffortStore } from './bestEffortStore.js'

const PREFIX = 'devnet-wallet/'
const KEYS = {
  permitted: `${PREFIX}permitted`,
  chainId: `${PREFIX}chainId`,
  addedChains: `${PREFIX}addedChains`
} as const

/** The wallet's persisted state, read and written through on every access. */
export interface WalletStorage {
  /** Whether the site may see the account (set by an approved eth_requestAccounts). */
  permitted(): boolean
  /** Grants (true) or revokes (false) the site's permission. */
  setPermitted(value: boolean): void
  /** The last selected chain, if any. */
  chainId(): number | undefined
  /** Remembers the selected chain. */
  setChainId(chainId: number): void
  /** Chains added with wallet_addEthereumChain. */
  addedChains(): WalletChain[]
  /** Replaces the list of added chains. */
  setAddedChains(chains: WalletChain[]): void
  /** Forgets everything. */
  clear(): void
}

/**
 * Wraps a Storage (normally `localStorage`) with the wallet's keys, all under `devnet-wallet/`.
 *
 * State is read on every call rather than cached, so a test that clears localStorage sees a fresh
 * wallet at once — like an extension whose state lives outside the page. With `null` (no
 * localStorage, or a test that wants isolation) the state lives in memory. Storage errors
 * (quota, sandboxed iframes) are ignored: losing persistence must not break the wallet.
 *
 * @param storage - Where to persist, or null for memory only.
 */
export function walletStorage(storage: StorageLike | null): WalletStorage {
  const { get, set } = bestEffortStore(storage)
  return {
    permitted: () => get(KEYS.permitted) === 'true',
    setPermitted: value => set(KEYS.permitted, value ? 'true' : null),
    chainId: () => {
      const n = Number(get(KEYS.chainId))
      return Number.isSafeInteger(n) && n > 0 ? n : undefined
    },
    setChainId: chainId => set(KEYS.chainId, String(chainId)),
    addedChains: () => {
      try {
        const value: unknown = JSON.parse(get(KEYS.addedChains) ?? '[]')
        return Array.isArray(value) ? value.filter(isWalletChain) : []
      } catch {
        return []
      }
    },
    setAddedChains: chains => set(KEYS.addedChains, chains.length ? JSON.stringify(chains) : null),
    clear: () => {
      for (const key of Object.values(KEYS)) set(key, null)
    }
  }
}

function isWalletChain(value: unknown): value is WalletChain {
  if (typeof value !== 'object' || value === null) return false
  const chain = value as Record<string, unknown>
  return Number.isSafeInteger(chain.chainId) && typeof chain.name === 'string' && typeof chain.rpcUrl === 'string'
}

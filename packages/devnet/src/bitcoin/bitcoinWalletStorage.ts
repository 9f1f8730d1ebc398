import type { DevnetBitcoinNetwork } from './bitcoinNetworks.js'
import type { DevnetBitcoinPurpose } from './deriveDevnetBitcoinAccounts.js'
import type { StorageLike } from './types.js'
import { bestEffortStore } from '../wallet/bestEffortStore.js'

/** The Devnet Bitcoin wallet's persisted state, read and written through on every access. */
export interface BitcoinWalletStorage {
  /** The purposes the site may see (empty: not connected). */
  permittedPurposes(): DevnetBitcoinPurpose[]
  /** Replaces the granted purposes; an empty list revokes the permission. */
  setPermittedPurposes(purposes: readonly DevnetBitcoinPurpose[]): void
  /** The last selected network, if any (unchecked: the caller validates it). */
  network(): string | undefined
  /** Remembers the selected network. */
  setNetwork(network: DevnetBitcoinNetwork): void
  /** Forgets everything. */
  clear(): void
}

/**
 * Wraps a Storage (normally `localStorage`) with the wallet's keys under `${prefix}/`. Like the EVM
 * Devnet Wallet's storage: read on every call (a test that clears localStorage sees a fresh wallet),
 * memory only with `null`, and storage errors ignored because persistence is best effort.
 *
 * @param storage - Where to persist, or null for memory only.
 * @param prefix - Key prefix, e.g. 'devnet-bitcoin-wallet'; two wallets in one page need different ones.
 */
export function bitcoinWalletStorage(storage: StorageLike | null, prefix: string): BitcoinWalletStorage {
  const keys = { purposes: `${prefix}/purposes`, network: `${prefix}/network` }
  const { get, set } = bestEffortStore(storage)
  return {
    permittedPurposes: () => {
      const value = get(keys.purposes) ?? ''
      return value.split(',').filter((p): p is DevnetBitcoinPurpose => p === 'payment' || p === 'ordinals')
    },
    setPermittedPurposes: purposes => set(keys.purposes, purposes.length ? purposes.join(',') : null),
    network: () => get(keys.network) ?? undefined,
    setNetwork: network => set(keys.network, network),
    clear: () => {
      for (const key of Object.values(keys)) set(key, null)
    }
  }
}

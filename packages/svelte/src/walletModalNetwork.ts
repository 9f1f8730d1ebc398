import type { Readable } from 'svelte/store'
import type { CaipNetwork, WalletModal } from '@wallet-modal/core'
import { modalStore } from './modalStore.js'
import { serverNetwork } from '@wallet-modal/core/internal'
import type { WalletModalStoreOptions } from './walletModalStoreOptions.js'

/**
 * The active network as a readable store (one of the site's, or the wallet's when it moved
 * elsewhere); `modal.switchNetwork(...)` switches. Runes: `fromStore(walletModalNetwork(modal)).current`.
 *
 * @param modal - The modal; undefined on the server (the store then holds none, or with a modal made in Node, its network).
 * @example
 * ```svelte
 * <script lang="ts">
 *   const network = walletModalNetwork(modal)
 * </script>
 * <button onclick={() => modal.switchNetwork('eip155:8453')}>{$network?.name}</button>
 * ```
 */
export function walletModalNetwork(modal: WalletModal | undefined, options: WalletModalStoreOptions = {}): Readable<CaipNetwork | undefined> {
  return modalStore(modal, { read: m => m.getNetwork(), server: () => serverNetwork(modal, options.initialState) })
}

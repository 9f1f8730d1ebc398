import { computed, type ComputedRef } from 'vue'
import type { ConnectedWalletInfo } from '@wallet-modal/core'
import { useWalletModalAccount, type UseWalletModalAccountOptions } from './useWalletModalAccount.js'

/** What {@link useWalletInfo} returns. */
export interface UseWalletInfo {
  /**
   * The connected wallet: its `name` and `icon` (a phone wallet's own over WalletConnect), its
   * connector `id`, `type` and EIP-6963 `rdns`; undefined until a wallet is connected (and on the server).
   */
  walletInfo: ComputedRef<ConnectedWalletInfo | undefined>
}

/**
 * The connected wallet's name and icon: AppKit's `useWalletInfo`, same name and shape.
 *
 * @param options - `{ modal }` (default: the app's) and `namespace` (default: the active one).
 * @example
 * ```vue
 * <script setup lang="ts">
 * const { walletInfo } = useWalletInfo()
 * </script>
 * <template><img v-if="walletInfo" :src="walletInfo.icon" :alt="walletInfo.name" /></template>
 * ```
 */
export function useWalletInfo(options: UseWalletModalAccountOptions = {}): UseWalletInfo {
  const account = useWalletModalAccount(options)
  // getAccount gives the same frozen copy until the wallet changes: the computed changes only then.
  return { walletInfo: computed(() => account.value.walletInfo) }
}

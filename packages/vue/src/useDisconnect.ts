import type { DisconnectOptions } from '@wallet-modal/core'
import { resolveWalletModal, type WalletModalSource } from './walletModalContext.js'
import { notReady } from '@wallet-modal/core/internal'

/**
 * Disconnects every connected namespace, or one (`{ namespace }`).
 *
 * @param options - `{ modal }` (default: the app's).
 * @example
 * ```vue
 * <script setup lang="ts">
 * const { disconnect } = useDisconnect()
 * </script>
 * <template><button @click="disconnect()">Log out</button></template>
 * ```
 */
export function useDisconnect(options: WalletModalSource = {}): { disconnect(options?: DisconnectOptions): Promise<void> } {
  const { modal } = resolveWalletModal('useDisconnect', options)
  return { disconnect: o => (modal ? modal.disconnect(o) : Promise.reject(notReady('disconnect()'))) }
}

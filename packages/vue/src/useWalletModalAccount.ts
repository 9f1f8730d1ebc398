import type { ShallowRef } from 'vue'
import type { AccountInfo, WiredNamespace } from '@wallet-modal/core'
import { resolveWalletModal, type WalletModalSource } from './walletModalContext.js'
import { useModalRef } from './useModalRef.js'
import { serverAccount } from '@wallet-modal/core/internal'

/** Options of {@link useWalletModalAccount}. */
export interface UseWalletModalAccountOptions extends WalletModalSource {
  /** A namespace's account (`'eip155'`, `'solana'`, `'bip122'`); default: the active one. */
  namespace?: WiredNamespace
}

/**
 * The connected account as a read-only ref: address, CAIP-10 address, status (`disconnected`,
 * `connecting`, `reconnecting` while a reload restores it, `connected`), balance and wallet. It
 * changes only when the account does; the subscription ends with the component.
 *
 * @param options - `{ modal }` (default: the app's, from `createWalletModalPlugin`), `namespace`, `initialState`.
 * @example
 * ```vue
 * <script setup lang="ts">
 * import { useWalletModalAccount } from '@wallet-modal/vue'
 * const account = useWalletModalAccount()
 * </script>
 * <template><p>{{ account.isConnected ? account.address : 'Not connected' }}</p></template>
 * ```
 */
export function useWalletModalAccount(options: UseWalletModalAccountOptions = {}): Readonly<ShallowRef<AccountInfo>> {
  const ctx = resolveWalletModal('useWalletModalAccount', options)
  const { namespace } = options
  return useModalRef(ctx, {
    read: m => m.getAccount(namespace),
    server: () => serverAccount(ctx.modal, ctx.initialState, namespace)
  })
}

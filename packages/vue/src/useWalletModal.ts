import type { OpenModalOptions, WalletModal } from '@wallet-modal/core'
import { resolveWalletModal, type WalletModalSource } from './walletModalContext.js'
import { notReady } from '@wallet-modal/core/internal'

/** What {@link useWalletModal} returns. */
export interface UseWalletModal {
  /** The modal itself (its whole API); undefined on the server. */
  modal: WalletModal | undefined
  /** Opens the modal, on its default view (Connect, or Account when connected) or the given one. */
  open(options?: OpenModalOptions): void
  /** Closes the modal. */
  close(): void
}

/**
 * Opens and closes the modal.
 *
 * @param options - `{ modal }` (default: the app's).
 * @example
 * ```vue
 * <script setup lang="ts">
 * const { open } = useWalletModal()
 * </script>
 * <template><button @click="open({ view: 'Networks' })">Network</button></template>
 * ```
 */
export function useWalletModal(options: WalletModalSource = {}): UseWalletModal {
  const { modal } = resolveWalletModal('useWalletModal', options)
  return {
    modal,
    open(o) {
      if (!modal) throw notReady('open()')
      modal.open(o)
    },
    close() {
      modal?.close()
    }
  }
}

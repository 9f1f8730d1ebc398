import type { ShallowRef } from 'vue'
import type { PublicState } from '@wallet-modal/core'
import { resolveWalletModal, type WalletModalSource } from './walletModalContext.js'
import { useModalRef } from './useModalRef.js'
import { serverState } from '@wallet-modal/core/internal'

/**
 * Whether the modal is open or loading, the selected network and the active namespace, as a
 * read-only ref (core's `getState`, followed with `subscribeState`).
 *
 * @param options - `{ modal }` (default: the app's) and `initialState`.
 * @example
 * ```ts
 * const state = useWalletModalState()
 * watch(() => state.value.open, open => console.log(open ? 'opened' : 'closed'))
 * ```
 */
export function useWalletModalState(options: WalletModalSource = {}): Readonly<ShallowRef<PublicState>> {
  const ctx = resolveWalletModal('useWalletModalState', options)
  return useModalRef(ctx, { read: m => m.getState(), server: () => serverState(ctx.modal, ctx.initialState) })
}

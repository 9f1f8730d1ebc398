import type { ShallowRef } from 'vue'
import { resolveWalletModal, type WalletModalSource } from './walletModalContext.js'
import { useModalRef } from './useModalRef.js'
import { latestEventRead, type LatestModalEvent } from '@wallet-modal/core/internal'

/**
 * The latest modal event (`MODAL_OPEN`, `CONNECT_SUCCESS`, `SWITCH_NETWORK`, ...) heard since the
 * call, with its time, as a read-only ref; `{ data: undefined }` until the first (and on the server).
 *
 * @param options - `{ modal }` (default: the app's).
 * @example
 * ```ts
 * const event = useWalletModalEvents()
 * watch(event, ({ data }) => data?.type === 'CONNECT_SUCCESS' && track('connected'))
 * ```
 */
export function useWalletModalEvents(options: WalletModalSource = {}): Readonly<ShallowRef<LatestModalEvent>> {
  const ctx = resolveWalletModal('useWalletModalEvents', options)
  return useModalRef(ctx, latestEventRead())
}

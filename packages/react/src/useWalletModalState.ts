import type { PublicState } from '@wallet-modal/core'
import { useWalletModalContext } from './useWalletModalContext.js'
import { useModalSnapshot } from './useModalSnapshot.js'
import { serverState } from './serverSnapshots.js'

/**
 * Whether the modal is open or loading, the selected network and the active namespace.
 *
 * @example
 * ```tsx
 * const { open, selectedNetworkId } = useWalletModalState()
 * ```
 */
export function useWalletModalState(): PublicState {
  const ctx = useWalletModalContext('useWalletModalState')
  return useModalSnapshot(
    ctx,
    m => m.getState(),
    () => serverState(ctx)
  )
}

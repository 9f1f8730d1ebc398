import { useMemo } from 'react'
import type { OpenModalOptions } from '@wallet-modal/core'
import { useWalletModalContext } from './useWalletModalContext.js'
import { notReady } from './notReady.js'

/** What {@link useWalletModal} returns. */
export interface UseWalletModal {
  /** Opens the modal, on its default view (Connect, or Account when connected) or the given one. */
  open(options?: OpenModalOptions): void
  /** Closes the modal. */
  close(): void
}

/**
 * Opens and closes the modal.
 *
 * @example
 * ```tsx
 * const { open } = useWalletModal()
 * return <button onClick={() => open({ view: 'Networks' })}>Network</button>
 * ```
 */
export function useWalletModal(): UseWalletModal {
  const { modal } = useWalletModalContext('useWalletModal')
  return useMemo(
    () => ({
      open(options?: OpenModalOptions) {
        if (!modal) throw notReady('open()')
        modal.open(options)
      },
      close() {
        modal?.close()
      }
    }),
    [modal]
  )
}

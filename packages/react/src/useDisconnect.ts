import { useCallback } from 'react'
import type { DisconnectOptions } from '@wallet-modal/core'
import { useWalletModalContext } from './useWalletModalContext.js'
import { notReady } from './notReady.js'

/**
 * Disconnects every connected namespace, or one.
 *
 * @example
 * ```tsx
 * const { disconnect } = useDisconnect()
 * return <button onClick={() => disconnect()}>Log out</button>
 * ```
 */
export function useDisconnect(): { disconnect(options?: DisconnectOptions): Promise<void> } {
  const { modal } = useWalletModalContext('useDisconnect')
  const disconnect = useCallback((options?: DisconnectOptions) => (modal ? modal.disconnect(options) : Promise.reject(notReady('disconnect()'))), [modal])
  return { disconnect }
}

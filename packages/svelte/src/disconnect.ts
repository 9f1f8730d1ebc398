import type { DisconnectOptions, WalletModal } from '@wallet-modal/core'
import { notReady } from '@wallet-modal/core/internal'

/**
 * Disconnects every connected namespace, or one (`{ namespace }`); rejects, saying why, without a
 * modal (on the server).
 *
 * @example
 * ```svelte
 * <button onclick={() => disconnect(modal)}>Log out</button>
 * ```
 */
export function disconnect(modal: WalletModal | undefined, options?: DisconnectOptions): Promise<void> {
  return modal ? modal.disconnect(options) : Promise.reject(notReady('disconnect()'))
}

import type { AccountInfo, WiredNamespace } from '@wallet-modal/core'
import { useWalletModalContext } from './useWalletModalContext.js'
import { useModalSnapshot } from './useModalSnapshot.js'
import { serverAccount } from './serverSnapshots.js'

/** Options of {@link useWalletModalAccount}. */
export interface UseWalletModalAccountOptions {
  /** A namespace's account (`'eip155'`, `'solana'`, `'bip122'`); default: the active one. */
  namespace?: WiredNamespace
}

/**
 * The connected account: address, CAIP-10 address, status (`disconnected`, `connecting`,
 * `reconnecting` while a reload restores it, `connected`) and balance. Re-renders on change only.
 *
 * @example
 * ```tsx
 * const { address, isConnected } = useWalletModalAccount()
 * return <p>{isConnected ? address : 'Not connected'}</p>
 * ```
 */
export function useWalletModalAccount(options: UseWalletModalAccountOptions = {}): AccountInfo {
  const ctx = useWalletModalContext('useWalletModalAccount')
  const { namespace } = options
  return useModalSnapshot(
    ctx,
    m => m.getAccount(namespace),
    () => serverAccount(ctx, namespace)
  )
}

import { useMemo } from 'react'
import type { ConnectedWalletInfo, WiredNamespace } from '@wallet-modal/core'
import { useWalletModalContext } from './useWalletModalContext.js'
import { useModalSnapshot } from './useModalSnapshot.js'

/** What {@link useWalletInfo} returns. */
export interface UseWalletInfo {
  /**
   * The connected wallet: its `name` and `icon` (a phone wallet's own over WalletConnect, not
   * "WalletConnect"), its connector `id`, `type` and EIP-6963 `rdns`; undefined until a wallet is
   * connected (and while a reload restores the connection, on the server too).
   */
  walletInfo: ConnectedWalletInfo | undefined
}

/**
 * The connected wallet's name and icon: AppKit's `useWalletInfo`, same name and shape.
 * Re-renders only when the wallet changes.
 *
 * @param namespace - A namespace's wallet (`'eip155'`, `'solana'`, `'bip122'`); default: the active one.
 * @example
 * ```tsx
 * const { walletInfo } = useWalletInfo()
 * return walletInfo ? <img src={walletInfo.icon} alt={walletInfo.name} /> : null
 * ```
 */
export function useWalletInfo(namespace?: WiredNamespace): UseWalletInfo {
  const ctx = useWalletModalContext('useWalletInfo')
  const walletInfo = useModalSnapshot(
    ctx,
    // getAccount gives the same frozen copy until the wallet changes.
    m => m.getAccount(namespace).walletInfo,
    // The cookie keeps no wallet name: the server shows none, and so does hydration.
    () => undefined
  )
  return useMemo(() => ({ walletInfo }), [walletInfo])
}

import type { Eip1193Provider, WiredNamespace } from '@wallet-modal/core'
import { useWalletModalContext } from './useWalletModalContext.js'
import { useModalSnapshot } from './useModalSnapshot.js'
import { walletProviderOf } from './serverSnapshots.js'

/** The provider type {@link useWalletModalProvider} gives for each namespace. */
export interface WalletProviders {
  /** An EIP-1193 provider: the extension's, the WalletConnect session's or the embedded wallet's. */
  eip155: Eip1193Provider
  /** The Wallet Standard wallet (`features['solana:signAndSendTransaction']` and the rest). */
  solana: unknown
  /** The wallet's sats-connect provider entry. */
  bip122: unknown
}

/**
 * The connected wallet's provider of a namespace, for the site's own requests (viem, web3.js);
 * undefined while nothing is connected there.
 *
 * @example
 * ```tsx
 * const { walletProvider } = useWalletModalProvider('eip155')
 * const client = walletProvider && createWalletClient({ transport: custom(walletProvider) })
 * ```
 */
export function useWalletModalProvider<N extends WiredNamespace>(namespace: N): { walletProvider: WalletProviders[N] | undefined } {
  const ctx = useWalletModalContext('useWalletModalProvider')
  const walletProvider = useModalSnapshot(
    ctx,
    m => walletProviderOf(m, namespace),
    () => undefined
  ) as WalletProviders[N] | undefined
  return { walletProvider }
}

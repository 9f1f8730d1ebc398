import { useCallback } from 'react'
import type { CaipNetwork } from '@wallet-modal/core'
import { useWalletModalContext } from './useWalletModalContext.js'
import { useModalSnapshot } from './useModalSnapshot.js'
import { serverNetwork } from './serverSnapshots.js'
import { notReady } from './notReady.js'

/** What {@link useWalletModalNetwork} returns. */
export interface UseWalletModalNetwork {
  /** The active network (one of the site's, or the wallet's when it moved elsewhere). */
  caipNetwork: CaipNetwork | undefined
  /** Its CAIP-2 id, e.g. `eip155:1`. */
  caipNetworkId: string | undefined
  /** Its chain id within the namespace (a number on eip155). */
  chainId: number | string | undefined
  /** Switches to one of the site's networks (the network or its CAIP-2 id). */
  switchNetwork(network: CaipNetwork | string): Promise<void>
}

/**
 * The active network, and a way to switch.
 *
 * @example
 * ```tsx
 * const { caipNetwork, switchNetwork } = useWalletModalNetwork()
 * return <button onClick={() => switchNetwork('eip155:8453')}>{caipNetwork?.name}</button>
 * ```
 */
export function useWalletModalNetwork(): UseWalletModalNetwork {
  const ctx = useWalletModalContext('useWalletModalNetwork')
  const caipNetwork = useModalSnapshot(
    ctx,
    m => m.getNetwork(),
    () => serverNetwork(ctx)
  )
  const { modal } = ctx
  const switchNetwork = useCallback(
    (network: CaipNetwork | string) => (modal ? modal.switchNetwork(network) : Promise.reject(notReady('switchNetwork()'))),
    [modal]
  )
  return { caipNetwork, caipNetworkId: caipNetwork?.caipNetworkId, chainId: caipNetwork?.id, switchNetwork }
}

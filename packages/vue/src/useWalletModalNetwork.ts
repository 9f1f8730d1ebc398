import { computed, type ComputedRef, type ShallowRef } from 'vue'
import type { CaipNetwork } from '@wallet-modal/core'
import { resolveWalletModal, type WalletModalSource } from './walletModalContext.js'
import { useModalRef } from './useModalRef.js'
import { notReady, serverNetwork } from '@wallet-modal/core/internal'

/** What {@link useWalletModalNetwork} returns. */
export interface UseWalletModalNetwork {
  /** The active network (one of the site's, or the wallet's when it moved elsewhere). */
  caipNetwork: Readonly<ShallowRef<CaipNetwork | undefined>>
  /** Its CAIP-2 id, e.g. `eip155:1`. */
  caipNetworkId: ComputedRef<string | undefined>
  /** Its chain id within the namespace (a number on eip155). */
  chainId: ComputedRef<number | string | undefined>
  /** Switches to one of the site's networks (the network or its CAIP-2 id); rejects without a modal. */
  switchNetwork(network: CaipNetwork | string): Promise<void>
}

/**
 * The active network, and a way to switch.
 *
 * @param options - `{ modal }` (default: the app's) and `initialState`.
 * @example
 * ```vue
 * <script setup lang="ts">
 * const { caipNetwork, switchNetwork } = useWalletModalNetwork()
 * </script>
 * <template><button @click="switchNetwork('eip155:8453')">{{ caipNetwork?.name }}</button></template>
 * ```
 */
export function useWalletModalNetwork(options: WalletModalSource = {}): UseWalletModalNetwork {
  const ctx = resolveWalletModal('useWalletModalNetwork', options)
  const { modal } = ctx
  const caipNetwork = useModalRef(ctx, { read: m => m.getNetwork(), server: () => serverNetwork(modal, ctx.initialState) })
  return {
    caipNetwork,
    caipNetworkId: computed(() => caipNetwork.value?.caipNetworkId),
    chainId: computed(() => caipNetwork.value?.id),
    switchNetwork: network => (modal ? modal.switchNetwork(network) : Promise.reject(notReady('switchNetwork()')))
  }
}

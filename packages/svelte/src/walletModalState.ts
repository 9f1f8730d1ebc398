import type { Readable } from 'svelte/store'
import type { PublicState, WalletModal } from '@wallet-modal/core'
import { modalStore } from './modalStore.js'
import { serverState } from '@wallet-modal/core/internal'
import type { WalletModalStoreOptions } from './walletModalStoreOptions.js'

/**
 * Whether the modal is open or loading, the selected network and the active namespace, as a
 * readable store (core's `getState`, followed with `subscribeState`).
 *
 * @param modal - The modal; undefined on the server (the store then holds a closed modal).
 * @example
 * ```svelte
 * <script lang="ts">
 *   const state = walletModalState(modal)
 * </script>
 * {#if $state.open}<p>Choose a wallet…</p>{/if}
 * ```
 */
export function walletModalState(modal: WalletModal | undefined, options: WalletModalStoreOptions = {}): Readable<PublicState> {
  return modalStore(modal, { read: m => m.getState(), server: () => serverState(modal, options.initialState) })
}

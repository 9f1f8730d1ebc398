import type { Readable } from 'svelte/store'
import type { AccountInfo, WalletModal, WiredNamespace } from '@wallet-modal/core'
import { modalStore } from './modalStore.js'
import { serverAccount } from '@wallet-modal/core/internal'
import type { WalletModalStoreOptions } from './walletModalStoreOptions.js'

/** Options of {@link walletModalAccount}. */
export interface WalletModalAccountOptions extends WalletModalStoreOptions {
  /** A namespace's account (`'eip155'`, `'solana'`, `'bip122'`); default: the active one. */
  namespace?: WiredNamespace
}

/**
 * The connected account as a readable store: address, CAIP-10 address, status (`disconnected`,
 * `connecting`, `reconnecting` while a reload restores it, `connected`), balance and wallet. It
 * follows the modal only while read, and changes only when the account does. With runes (Svelte
 * 5), `fromStore(walletModalAccount(modal)).current` reads it as state.
 *
 * @param modal - The modal (`createWalletModal`'s); undefined on the server (SvelteKit): the store
 *   then holds what a server render shows (`initialState`'s account) and subscribes to nothing.
 * @example
 * ```svelte
 * <script lang="ts">
 *   import { walletModalAccount } from '@wallet-modal/svelte'
 *   const account = walletModalAccount(modal)
 * </script>
 * <p>{$account.isConnected ? $account.address : 'Not connected'}</p>
 * ```
 */
export function walletModalAccount(modal: WalletModal | undefined, options: WalletModalAccountOptions = {}): Readable<AccountInfo> {
  const { namespace, initialState } = options
  return modalStore(modal, { read: m => m.getAccount(namespace), server: () => serverAccount(modal, initialState, namespace) })
}

import type { Readable } from 'svelte/store'
import type { WalletModal } from '@wallet-modal/core'
import { modalStore } from './modalStore.js'
import { readTheme, subscribeTheme, type WalletModalThemeState } from '@wallet-modal/core/internal'

/**
 * The modal's theme (`themeMode`, `themeVariables`) as a readable store;
 * `modal.setThemeMode(...)` and `modal.setThemeVariables(...)` change it.
 *
 * @param modal - The modal; undefined on the server (the store then holds the light theme).
 * @example
 * ```svelte
 * <script lang="ts">
 *   const theme = walletModalTheme(modal)
 * </script>
 * <button onclick={() => modal.setThemeMode($theme.themeMode === 'dark' ? 'light' : 'dark')}>Theme</button>
 * ```
 */
export function walletModalTheme(modal: WalletModal | undefined): Readable<WalletModalThemeState> {
  return modalStore(modal, { read: readTheme, server: () => readTheme(modal), subscribe: subscribeTheme })
}

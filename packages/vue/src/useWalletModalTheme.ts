import { computed, type ComputedRef } from 'vue'
import type { ThemeMode } from '@wallet-modal/core'
import { resolveWalletModal, type WalletModalSource } from './walletModalContext.js'
import { useModalRef } from './useModalRef.js'
import { readTheme, subscribeTheme } from '@wallet-modal/core/internal'

/** What {@link useWalletModalTheme} returns. */
export interface UseWalletModalTheme {
  themeMode: ComputedRef<ThemeMode>
  themeVariables: ComputedRef<Readonly<Record<string, string | number>>>
  setThemeMode(mode: ThemeMode): void
  /** Overrides `--wm-*` CSS custom properties (others are ignored). */
  setThemeVariables(vars: Record<string, string | number>): void
}

/**
 * The modal's theme, and setters.
 *
 * @param options - `{ modal }` (default: the app's).
 * @example
 * ```vue
 * <script setup lang="ts">
 * const { themeMode, setThemeMode } = useWalletModalTheme()
 * </script>
 * <template><button @click="setThemeMode(themeMode === 'dark' ? 'light' : 'dark')">Theme</button></template>
 * ```
 */
export function useWalletModalTheme(options: WalletModalSource = {}): UseWalletModalTheme {
  const ctx = resolveWalletModal('useWalletModalTheme', options)
  const { modal } = ctx
  const theme = useModalRef(ctx, { read: readTheme, server: () => readTheme(modal), subscribe: subscribeTheme })
  return {
    themeMode: computed(() => theme.value.themeMode),
    themeVariables: computed(() => theme.value.themeVariables),
    setThemeMode: mode => modal?.setThemeMode(mode),
    setThemeVariables: vars => modal?.setThemeVariables(vars)
  }
}

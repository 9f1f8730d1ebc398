import { useCallback } from 'react'
import { snapshot } from 'valtio/vanilla'
import type { ThemeMode } from '@wallet-modal/core'
import { useWalletModalContext } from './useWalletModalContext.js'
import { useModalSnapshot } from './useModalSnapshot.js'

/** What {@link useWalletModalTheme} returns. */
export interface UseWalletModalTheme {
  themeMode: ThemeMode
  themeVariables: Readonly<Record<string, string | number>>
  setThemeMode(mode: ThemeMode): void
  /** Overrides `--wm-*` CSS custom properties (others are ignored). */
  setThemeVariables(vars: Record<string, string | number>): void
}

/**
 * The modal's theme, and setters.
 *
 * @example
 * ```tsx
 * const { themeMode, setThemeMode } = useWalletModalTheme()
 * return <button onClick={() => setThemeMode(themeMode === 'dark' ? 'light' : 'dark')}>Theme</button>
 * ```
 */
export function useWalletModalTheme(): UseWalletModalTheme {
  const ctx = useWalletModalContext('useWalletModalTheme')
  const { modal } = ctx
  const theme = useModalSnapshot(
    ctx,
    // valtio's snapshot keeps its identity until the theme changes: the hook re-renders only then.
    m => ({ ...snapshot(m.theme.state) }),
    () => ({ ...snapshot(ctx.still.theme.state) })
  )
  const setThemeMode = useCallback((mode: ThemeMode) => modal?.setThemeMode(mode), [modal])
  const setThemeVariables = useCallback((vars: Record<string, string | number>) => modal?.setThemeVariables(vars), [modal])
  return { ...theme, setThemeMode, setThemeVariables }
}

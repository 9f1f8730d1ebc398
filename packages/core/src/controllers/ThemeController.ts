import { proxy } from 'valtio/vanilla'
import { toWalletModalThemeVariables } from './appKitThemeVariables.js'

/** Light or dark. */
export type ThemeMode = 'light' | 'dark'

/** Theme state: the mode and CSS custom property overrides. */
export interface ThemeState {
  themeMode: ThemeMode
  themeVariables: Record<string, string | number>
}

/** The page's preferred colour scheme, light when unknown (SSR). */
export function preferredThemeMode(): ThemeMode {
  return globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'
}

/** Theme mode and variables. */
export function createThemeController(mode?: ThemeMode, variables: Record<string, string | number> = {}) {
  const state = proxy<ThemeState>({ themeMode: mode ?? preferredThemeMode(), themeVariables: { ...variables } })
  return {
    state,
    setThemeMode(themeMode: ThemeMode): void {
      state.themeMode = themeMode
    },
    /**
     * Merges CSS custom property overrides: ours (`--wm-*`), and AppKit's (`--w3m-*`) under our
     * names; any other name is ignored with a console warning.
     */
    setThemeVariables(vars: Record<string, string | number>): void {
      Object.assign(state.themeVariables, toWalletModalThemeVariables(vars))
    }
  }
}

/** The theme controller's type. */
export type ThemeController = ReturnType<typeof createThemeController>

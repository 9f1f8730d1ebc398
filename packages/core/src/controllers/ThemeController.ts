import { proxy } from 'valtio/vanilla'
import { configWarnings } from './configWarnings.js'

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
  const state = proxy<ThemeState>({ themeMode: mode ?? preferredThemeMode(), themeVariables: {} })
  const controller = {
    state,
    setThemeMode(themeMode: ThemeMode): void {
      state.themeMode = themeMode
    },
    /**
     * Merges CSS custom property overrides (`--wm-*`); any other name is ignored with a console
     * warning (AppKit's `--w3m-*` are translated by `fromAppKit()`).
     */
    setThemeVariables(vars: Record<string, string | number>): void {
      for (const [k, v] of Object.entries(vars)) {
        if (k.startsWith('--wm-')) state.themeVariables[k] = v
        // From the chunk of configuration warnings (configWarnings.ts): not needed to paint.
        else
          configWarnings().then(
            w => w.warnUnknownThemeVariable(k),
            () => {}
          )
      }
    }
  }
  // The site's initial variables go through the same check as later ones.
  controller.setThemeVariables(variables)
  return controller
}

/** The theme controller's type. */
export type ThemeController = ReturnType<typeof createThemeController>

import type { CSSProperties } from 'react'

/** The theme class for an element: its `theme` attribute wins over the core's mode. */
export function themeClass(attribute: string | undefined, mode: string): string {
  const m = attribute === 'light' || attribute === 'dark' ? attribute : mode
  return m === 'dark' ? 'wm-theme-dark' : 'wm-theme-light'
}

/**
 * Theme variable overrides as an inline style object. React applies it through the CSSOM
 * (`style.setProperty`), which a strict CSP allows, unlike a style attribute in markup.
 */
export function themeStyle(vars: Readonly<Record<string, string | number>>): CSSProperties {
  const style: Record<string, string> = {}
  for (const [k, v] of Object.entries(vars)) if (k.startsWith('--wm-')) style[k] = String(v)
  return style as CSSProperties
}

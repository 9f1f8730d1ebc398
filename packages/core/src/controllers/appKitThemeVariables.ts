// AppKit's theme variables (`themeVariables: { '--w3m-accent': … }`) carried over to ours
// (`--wm-*`, docs/guide/theming.md), for the `themeVariables` option and for `setThemeVariables`.
// Only the options path is covered: a `--w3m-*` property a page sets in its own CSS is not read.
import { warnOnce } from './warnOnce.js'

/**
 * AppKit's theme variables by the name after their prefix (`--w3m-`, or `--apkt-`, the prefix
 * AppKit's later versions read first) and ours. `null`: no equivalent, ignored with a warning.
 *
 * | AppKit | ours | meaning (same on both sides) |
 * |---|---|---|
 * | `--w3m-accent` | `--wm-accent` | buttons and highlights (our `--wm-accent-text`, the accent used as text, keeps its contrast default) |
 * | `--w3m-font-family` | `--wm-font-family` | the modal's font (set, no font file is loaded) |
 * | `--w3m-font-size-master` | `--wm-font-size-master` | base size every text scales from (10px) |
 * | `--w3m-border-radius-master` | `--wm-border-radius-master` | base radius every corner scales from (4px) |
 * | `--w3m-z-index` | `--wm-z-index` | the overlay's stacking order (999) |
 * | `--w3m-qr-color` | `--wm-qr-color` | the QR code's modules |
 * | `--w3m-color-mix`, `--w3m-color-mix-strength` | none | a colour blended into every surface; set `--wm-color-bg`, `--wm-color-bg-2`, `--wm-color-fg`… instead |
 */
export const APPKIT_THEME_VARIABLES: Readonly<Record<string, string | null>> = {
  accent: '--wm-accent',
  'font-family': '--wm-font-family',
  'font-size-master': '--wm-font-size-master',
  'border-radius-master': '--wm-border-radius-master',
  'z-index': '--wm-z-index',
  'qr-color': '--wm-qr-color',
  'color-mix': null,
  'color-mix-strength': null
}

const APPKIT_PREFIX = /^--(w3m|apkt)-(.+)$/

/**
 * The `--wm-*` variables a site's theme variables set: ours as given, AppKit's under our names.
 * When several name one variable, ours wins, then `--apkt-*`, then `--w3m-*` (AppKit's own order),
 * whatever order they come in. A variable with no equivalent, or neither ours nor AppKit's, is
 * left out with one console warning per name per page.
 *
 * @example
 * toWalletModalThemeVariables({ '--w3m-accent': '#00bb7f', '--w3m-z-index': 1000 })
 * // { '--wm-accent': '#00bb7f', '--wm-z-index': 1000 }
 */
export function toWalletModalThemeVariables(vars: Readonly<Record<string, string | number | undefined>> | undefined): Record<string, string | number> {
  const out: Record<string, string | number> = {}
  const rank: Record<string, number> = {}
  for (const [name, value] of Object.entries(vars ?? {})) {
    if (value === undefined) continue
    const appKit = APPKIT_PREFIX.exec(name)
    const ours = name.startsWith('--wm-') ? name : appKit && Object.hasOwn(APPKIT_THEME_VARIABLES, appKit[2]!) ? APPKIT_THEME_VARIABLES[appKit[2]!] : undefined
    if (!ours) {
      warnOnce(
        `theme:${name}`,
        ours === null
          ? `AppKit theme variable "${name}" has no equivalent and is ignored (set the --wm-color-* variables instead)`
          : `unknown theme variable "${name}" ignored`
      )
      continue
    }
    const r = !appKit ? 3 : appKit[1] === 'apkt' ? 2 : 1
    if ((rank[ours] ?? 0) < r) {
      out[ours] = value
      rank[ours] = r
    }
  }
  return out
}

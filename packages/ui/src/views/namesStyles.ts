import { stylesRef } from '../theme/stylesRef.js'

/**
 * What only the account-name views draw (the suffix beside the field, the suggestion chips, the
 * availability line): in their chunk, not in the dialog's stylesheet every page loads.
 */
export const NAMES_STYLES = `
.wm-name-input { display: flex; align-items: center; gap: 0; }
.wm-name-input input { flex: 1; min-width: 0; }
.wm-name-suffix { padding: 0 8px; color: var(--_wm-fg-2); white-space: nowrap; }
.wm-chips { display: flex; flex-wrap: wrap; gap: 6px; margin: 4px 0 0; padding: 0; list-style: none; }
.wm-chip { min-height: 28px; padding: 2px 10px; border: 1px solid var(--_wm-border); border-radius: 999px; background: none; color: inherit; font: inherit; cursor: pointer; }
.wm-chip:focus-visible { outline: 2px solid var(--_wm-accent); outline-offset: 2px; }
.wm-available { color: var(--_wm-success); font-weight: 600; }
.wm-registered-name { font-size: 1.2em; font-weight: 600; word-break: break-all; }
`

/** Adopts {@link NAMES_STYLES} where the account-name views mount (see `stylesRef`). */
export const withNamesStyles = stylesRef(NAMES_STYLES)

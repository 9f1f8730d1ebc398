import { stylesRef } from '../theme/stylesRef.js'

/** Activity's month groups and transaction rows, in its chunk (rows bordered in forced colours, where their background is painted over). */
export const withActivityStyles = stylesRef(`
.wm-group-title { margin: 10px 0 4px; font-size: calc(var(--_wm-fs) * 1.3); color: var(--_wm-fg-2); font-weight: 600; }
.wm-group-year { font-size: calc(var(--_wm-fs) * 1.5); color: var(--_wm-fg); }
.wm-tx { display: flex; align-items: center; gap: 10px; padding: 6px 8px; border-radius: calc(var(--_wm-radius) * 3); background: var(--_wm-bg-2); }
.wm-tx .wm-name { text-align: start; }
.wm-tx-title { display: inline-flex; gap: 6px; align-items: center; font-weight: 600; }
.wm-tx-amounts { display: flex; flex-direction: column; align-items: flex-end; font-variant-numeric: tabular-nums; white-space: nowrap; }
.wm-tx .wm-name { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
@media (forced-colors: active) { .wm-tx { border: 1px solid; } }
`)

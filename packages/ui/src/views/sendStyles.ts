import { stylesRef } from '../theme/stylesRef.js'

/** Send's receiver line and Review Send's rows, in their chunks (rows bordered in forced colours, where their background is painted over). */
export const withSendStyles = stylesRef(`
.wm-receiver { display: inline-flex; gap: 6px; align-items: center; }
.wm-avatar-small { width: 20px; height: 20px; border-radius: 50%; }
.wm-preview-row { display: flex; align-items: center; gap: 10px; padding: 10px 12px; border-radius: calc(var(--_wm-radius) * 3); background: var(--_wm-bg-2); }
.wm-preview-row > .wm-muted { width: 2.5em; }
.wm-preview-value { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; }
@media (forced-colors: active) { .wm-preview-row { border: 1px solid; } }
`)

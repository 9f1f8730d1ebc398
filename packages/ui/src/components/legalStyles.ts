import { stylesRef } from '../theme/stylesRef.js'

/**
 * Connect's legal checkbox and the look of the controls it locks, adopted when the checkbox
 * mounts: sites without `legalCheckbox` never load these rules. The box and the links are 24 px
 * high at least (WCAG 2.2 target size). Locked controls are dimmed and show a not-allowed cursor;
 * they stay focusable (their outline is the dialog's).
 */
export const withLegalStyles = stylesRef(`
.wm-legal { display: flex; align-items: flex-start; gap: 10px; width: 100%; padding: 10px 12px; border-radius: calc(var(--_wm-radius) * 3); background: var(--_wm-bg-2); }
.wm-legal input { flex: none; width: 24px; height: 24px; margin: 0; accent-color: var(--_wm-accent); cursor: pointer; }
.wm-legal label { cursor: pointer; line-height: 24px; }
.wm-legal a { color: var(--_wm-accent-text); font-weight: 600; display: inline-block; min-height: 24px; }
.wm-legal-hint { width: 100%; font-size: calc(var(--_wm-fs) * 1.3); }
.wm-list-item[aria-disabled='true'], .wm-social-button[aria-disabled='true'], .wm-button[aria-disabled='true'], .wm-search[aria-disabled='true'] { opacity: 0.5; cursor: not-allowed; }
`)

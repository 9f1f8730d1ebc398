import { stylesRef } from '../theme/stylesRef.js'

/** All Wallets' grid, in its chunk (each item bordered in forced colours, where its background is painted over). */
export const withAllWalletsStyles = stylesRef(`
.wm-grid { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(4, minmax(0, 1fr)); gap: 6px; }
.wm-grid-item {
  width: 100%; font: inherit; color: inherit; cursor: pointer; border: 0; background: var(--_wm-bg-2);
  border-radius: calc(var(--_wm-radius) * 3); padding: 8px 4px; display: flex; flex-direction: column; align-items: center; gap: 4px;
  position: relative; min-width: 0;
}
.wm-grid-item .wm-tag { position: absolute; top: 2px; inset-inline-end: 2px; padding: 0 4px; font-size: calc(var(--_wm-fs) * 0.9); }
.wm-grid-item:hover { filter: brightness(0.97); }
.wm-grid-name { font-size: calc(var(--_wm-fs) * 1.1); max-width: 100%; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
@media (forced-colors: active) { .wm-grid-item { border: 1px solid; } }
`)

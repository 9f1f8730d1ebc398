import { stylesRef } from '../theme/stylesRef.js'

/**
 * What only Swap's views draw (the flip arrow, the slippage field, the picker's sections, the
 * price-impact warning): in Swap's chunk, not in the dialog's stylesheet every page loads.
 */
export const SWAP_STYLES = `
.wm-alert[data-variant='warning'] { border-inline-start-color: #c77800; }
.wm-details dd[data-variant='warning'] { color: var(--_wm-error); }
.wm-flip { align-self: center; margin: -8px 0; }
.wm-slippage { display: inline-flex; gap: 4px; align-items: center; }
.wm-slippage input { width: 4.5em; padding: 2px 6px; text-align: end; }
.wm-section { margin: 8px 0 4px; font-size: var(--_wm-fs); font-weight: 600; }
.wm-label { font-weight: 600; }
`

/** Adopts {@link SWAP_STYLES} where Swap's views mount (see `stylesRef`). */
export const withSwapStyles = stylesRef(SWAP_STYLES)

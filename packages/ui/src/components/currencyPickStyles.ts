import { stylesRef } from '../theme/stylesRef.js'

/**
 * The on-ramp's currency pick: a pill (`wm-token-pick`, like Send's token pick) holding the
 * currency's image and a bare `<select>`, adopted when the Buy view mounts (its own chunk). The
 * select takes the pill's colours (its option list too, so dark mode stays readable) and its
 * keyboard focus is drawn around the whole pill.
 */
export const withCurrencyPickStyles = stylesRef(`
.wm-currency-pick { padding-block: 0; padding-inline: 8px 0; }
.wm-currency-pick select { font: inherit; color: inherit; background: inherit; border: 0; border-radius: inherit; padding-block: 4px; padding-inline: 0 8px; cursor: pointer; align-self: stretch; }
.wm-currency-pick:has(select:focus-visible) { outline: 2px solid var(--_wm-accent); outline-offset: 1px; }
.wm-currency-pick:has(select:focus-visible) select:focus-visible { outline: none; }
`)

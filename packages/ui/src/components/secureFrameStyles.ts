import { stylesRef } from '../theme/stylesRef.js'

/** The secure site's frames (code entry, approval, key export), with the views that show them. */
export const withSecureFrameStyles = stylesRef(`
.wm-secure-frame { display: block; width: 100%; border: 0; border-radius: calc(var(--_wm-radius) * 3); background: var(--_wm-bg); }
`)

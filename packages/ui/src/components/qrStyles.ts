import { stylesRef } from '../theme/stylesRef.js'

/** The QR code's rules (and its placeholder's), adopted when one mounts: only the views that show a QR code load them. */
export const withQrStyles = stylesRef(`
.wm-qr {
  /* Scanners need contrast: dark on light in both themes unless the site sets the colours. */
  padding: 8px; border-radius: calc(var(--_wm-radius) * 4); background: var(--wm-qr-background, #fff); line-height: 0;
}
.wm-qr svg { display: block; max-width: 100%; height: auto; }
.wm-qr-bg { fill: var(--wm-qr-background, #fff); }
.wm-qr-fg { fill: var(--wm-qr-color, #141414); }
.wm-qr-placeholder { width: 240px; height: 240px; display: flex; align-items: center; justify-content: center; background: var(--_wm-bg-2); }
`)

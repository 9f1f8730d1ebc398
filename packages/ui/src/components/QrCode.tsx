import { useId, useMemo } from 'react'
import { encode } from 'uqr'
import { withQrStyles } from './qrStyles.js'

/** Props of {@link QrCode}. */
export interface QrCodeProps {
  /** What the code encodes (the WalletConnect pairing URI). */
  value: string
  /** Shown to assistive technology as the image's name. */
  label?: string
  /** Rendered size in CSS pixels. */
  size?: number
}

/**
 * A QR code drawn as one SVG path (uqr encodes; nothing is set as HTML). Its colour is
 * `--wm-qr-color` on `--wm-qr-background`; the encoded text is its accessible description.
 */
export function QrCode({ value, label = 'QR code', size = 240 }: QrCodeProps) {
  const descId = useId()
  const { path, cells } = useMemo(() => {
    const qr = encode(value, { ecc: 'M', border: 2 })
    let d = ''
    qr.data.forEach((row, y) => {
      // Runs of dark modules become one rectangle each, which keeps the path short.
      let x = 0
      while (x < row.length) {
        if (!row[x]) {
          x++
          continue
        }
        const start = x
        while (x < row.length && row[x]) x++
        d += `M${start} ${y}h${x - start}v1h${start - x}z`
      }
    })
    return { path: d, cells: qr.size }
  }, [value])
  return (
    <div ref={withQrStyles} className="wm-qr" data-testid="wc-qr">
      <svg role="img" aria-label={label} aria-describedby={descId} viewBox={`0 0 ${cells} ${cells}`} width={size} height={size} shapeRendering="crispEdges">
        <rect width={cells} height={cells} className="wm-qr-bg" />
        <path d={path} className="wm-qr-fg" />
      </svg>
      <span id={descId} className="wm-sr-only" data-testid="wc-qr-uri">
        {value}
      </span>
    </div>
  )
}

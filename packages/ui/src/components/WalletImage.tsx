import { useState } from 'react'
import { safeImageUrl } from '@wallet-modal/core/internal'

/** Props of {@link WalletImage}. */
export interface WalletImageProps {
  name: string
  src?: string
  large?: boolean
  /** http origins allowed besides https/data (the site's own configured services on loopback). */
  allowOrigins?: readonly string[]
}

/**
 * A wallet's or network's image. Only `data:`/`https:` URLs are used; otherwise (or when it fails
 * to load) the first letter of the name stands in, so nothing remote is ever trusted blindly.
 * The image is decorative (the name is beside it): `alt=""`, and the stand-in letter is hidden from
 * assistive technology and drawn by CSS (`data-initial`), so it is not part of the row's text
 * either ("DDevnet 2" when a tool reads the text content).
 */
export function WalletImage({ name, src, large, allowOrigins }: WalletImageProps) {
  const [failed, setFailed] = useState(false)
  const safe = failed ? undefined : safeImageUrl(src, allowOrigins)
  const cls = `wm-image${large ? ' wm-image-large' : ''}`
  if (!safe) return <span className={`${cls} wm-image-placeholder`} aria-hidden="true" data-initial={name.slice(0, 1).toUpperCase()} />
  return (
    <img className={cls} src={safe} alt="" width={large ? 72 : 36} height={large ? 72 : 36} loading="lazy" decoding="async" onError={() => setFailed(true)} />
  )
}

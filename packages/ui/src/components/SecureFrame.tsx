/**
 * A page of the secure site (code entry, approval, key export) shown inside the modal. It is
 * another origin: the site's script can neither read it nor press its buttons, which is the
 * point. No `sandbox`: the frame needs its own origin's storage, and a cross-origin frame is
 * already out of the page's reach.
 */
export function SecureFrame({ src, title, height, testId }: { src: string; title: string; height: number; testId?: string }) {
  return (
    <iframe ref={withSecureFrameStyles} className="wm-secure-frame" src={src} title={title} style={{ height }} allow="clipboard-write" data-testid={testId} />
  )
}

import { withSecureFrameStyles } from './secureFrameStyles.js'

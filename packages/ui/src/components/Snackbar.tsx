import { useSnapshot } from 'valtio/react'
import { useEffect, useState } from 'react'
import { afterNextPaint } from '../lazy/afterNextPaint.js'
import { useCore } from '../hooks/CoreContext.js'
import { lazyComponent } from '../lazy/lazyComponent.js'
import { useT } from '../hooks/useT.js'
import { textOr } from '../hooks/textOr.js'

// Needed once a wallet is picked, not to show Connect: mounted (its code and the views' words
// fetched) just after the dialog first shows, like the next views, so the first open makes no
// request before Connect paints (docs/performance.md).
const ConnectionAnnouncer = lazyComponent(() => import('./ConnectionAnnouncer.js').then(m => m.ConnectionAnnouncer))

/** How long a success or error banner stays. */
export const SNACK_VISIBLE_MS = 3000

/**
 * The notification banner; a polite live region so screen readers announce it. An error's short
 * message (its technical text) shows only when the site turned `debug` on (spec §8); visitors
 * otherwise read the words of what failed. Beside it, the dialog's connection announcements: a
 * region of their own, so a snack does not make a screen reader repeat them (a status region is
 * read whole on each change).
 */
export function Snackbar() {
  const core = useCore()
  const snack = useSnapshot(core.snack.state)
  const t = useT(core)
  const text = (core.options.state.debug && snack.shortMessage) || textOr(t, snack.key, snack.message, snack.values)
  const [announcing, setAnnouncing] = useState(ConnectionAnnouncer.isLoaded)
  useEffect(() => {
    if (announcing) return
    const stop = new AbortController()
    afterNextPaint(() => setAnnouncing(true), stop.signal)
    return () => stop.abort()
  }, [announcing])
  useEffect(() => {
    if (!snack.open || snack.variant === 'loading') return
    const t = setTimeout(() => core.snack.hide(), SNACK_VISIBLE_MS)
    return () => clearTimeout(t)
  }, [snack.open, snack.message, snack.variant, core])
  return (
    <>
      <div role="status" aria-live="polite">
        {snack.open ? (
          <p className="wm-snackbar" data-variant={snack.variant}>
            {snack.variant === 'loading' ? <span className="wm-spinner" aria-hidden="true" /> : null}
            {text}
          </p>
        ) : null}
      </div>
      {announcing ? <ConnectionAnnouncer core={core} /> : null}
    </>
  )
}

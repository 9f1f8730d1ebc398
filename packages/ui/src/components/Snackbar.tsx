import { useSnapshot } from 'valtio/react'
import { useEffect } from 'react'
import { useCore } from '../hooks/CoreContext.js'

/** How long a success or error banner stays. */
export const SNACK_VISIBLE_MS = 3000

/**
 * The notification banner; a polite live region so screen readers announce it. An error's short
 * message (its technical text) shows only when the site turned `debug` on (spec §8); visitors
 * otherwise read the words of what failed.
 */
export function Snackbar() {
  const core = useCore()
  const snack = useSnapshot(core.snack.state)
  const text = (core.options.state.debug && snack.shortMessage) || snack.message
  useEffect(() => {
    if (!snack.open || snack.variant === 'loading') return
    const t = setTimeout(() => core.snack.hide(), SNACK_VISIBLE_MS)
    return () => clearTimeout(t)
  }, [snack.open, snack.message, snack.variant, core])
  return (
    <div role="status" aria-live="polite">
      {snack.open ? (
        <p className="wm-snackbar" data-variant={snack.variant}>
          {snack.variant === 'loading' ? <span className="wm-spinner" aria-hidden="true" /> : null}
          {text}
        </p>
      ) : null}
    </div>
  )
}

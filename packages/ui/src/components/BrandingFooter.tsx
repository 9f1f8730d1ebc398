import { useSnapshot } from 'valtio/react'
import type { Core } from '@wallet-modal/core/internal'
import { useT } from '../hooks/useT.js'

/**
 * The footer link to the operator's "self-hosted wallet modal" page, on while the project's remote
 * `reownBranding` feature (or the site's local setting) is; only when the modal has a server to
 * link to.
 */
export function BrandingFooter({ core }: { core: Core }) {
  const options = useSnapshot(core.options.state)
  const t = useT(core)
  const base = options.services?.directoryUrl
  if (options.features.reownBranding === false || !base) return null
  const href = `${new URL('about', base.endsWith('/') ? base : `${base}/`).href}?projectId=${encodeURIComponent(options.projectId)}`
  return (
    <p className="wm-footer" part="footer" data-testid="wm-branding">
      <a href={href} target="_blank" rel="noopener noreferrer">
        {t('dialog.footer')}
      </a>
    </p>
  )
}

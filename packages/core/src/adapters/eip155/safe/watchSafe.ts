import type { Connector } from '../../../types/connector.js'
import { safeAppOrigin, SAFE_CONNECTOR_ID } from '../../../utils/environment.js'
import { SafeAppsProvider } from './SafeAppsProvider.js'

/** How long Safe{Wallet} has to answer the first `getSafeInfo` before the page is taken as not a Safe app. */
export const SAFE_DETECT_TIMEOUT_MS = 3_000

/** Safe's mark, drawn here (a green tile with a stylised S): a data: URL, nothing to fetch. */
export const SAFE_ICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="10" fill="#12FF80"/><path d="M27 13h-9.5a3.500 3.500 0 0 0 0 7h5a3.500 3.500 0 0 1 0 7H13" stroke="#121312" stroke-width="3" fill="none" stroke-linecap="round"/></svg>'
)}`

/**
 * Inside a Safe app frame (the parent is Safe{Wallet}: `app.safe.global`, or one of the site's
 * `safeAppOrigins` for a self-hosted one), adds the `safe` connector once Safe{Wallet} has
 * answered for its Safe; elsewhere does nothing. Loaded only when the page is framed.
 * Returns a function that stops it (and the provider's listener).
 */
export function watchSafe(add: (connector: Connector) => void, extraOrigins: readonly string[] = []): () => void {
  const origins = extraOrigins.filter(o => {
    try {
      return new URL(o).origin === o
    } catch {
      return false
    }
  })
  if (origins.length !== extraOrigins.length)
    console.error('[wallet-modal] safeAppOrigins: each entry must be an origin such as https://safe.example.com; the others are ignored')
  const origin = safeAppOrigin(origins)
  if (!origin) return () => {}
  const provider = new SafeAppsProvider(origin)
  let stopped = false
  provider
    .safeInfo(SAFE_DETECT_TIMEOUT_MS)
    .then(() => {
      if (!stopped) add({ id: SAFE_CONNECTOR_ID, name: 'Safe', type: 'EXTERNAL', chain: 'eip155', imageUrl: SAFE_ICON, provider })
    })
    .catch(err => console.warn('[wallet-modal] framed by a Safe{Wallet} origin that did not answer as Safe{Wallet}', err))
  return () => {
    stopped = true
    provider.close()
  }
}

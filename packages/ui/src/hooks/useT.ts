import { useSnapshot } from 'valtio/react'
import type { Core } from '@wallet-modal/core/internal'

/**
 * The catalogue's `t` for a component: reading the language state here makes a change of locale
 * (or of the site's replacement strings) re-render the component that shows the strings.
 */
export function useT(core: Core): Core['i18n']['t'] {
  const { locale, revision } = useSnapshot(core.i18n.state)
  void locale
  void revision
  return core.i18n.t
}

import { viewsEnglish, type Core } from '@wallet-modal/core/internal'
import { useT } from './useT.js'

/** The cores whose catalogue already holds the lazy views' English strings. */
const withViews = new WeakSet<Core>()

/**
 * {@link useT} for the views that are chunks of their own: their English strings come with them
 * (this module is imported by those chunks, never by the dialog's), so opening the dialog does not
 * fetch the words of views not shown.
 */
export function useViewsT(core: Core): Core['i18n']['t'] {
  if (!withViews.has(core)) {
    core.i18n.addEnglish(viewsEnglish)
    withViews.add(core)
  }
  return useT(core)
}

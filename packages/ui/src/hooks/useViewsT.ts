import { viewsEnglish, type Core } from '@wallet-modal/core/internal'
import { useEnglishT } from './useEnglishT.js'

/**
 * {@link useT} for the views that are chunks of their own: their English strings come with them
 * (this module is imported by those chunks, never by the dialog's), so opening the dialog does not
 * fetch the words of views not shown.
 */
export function useViewsT(core: Core): Core['i18n']['t'] {
  return useEnglishT(core, viewsEnglish)
}

import { modalEnglish, type Core } from '@wallet-modal/core/internal'
import { useT } from './useT.js'

/** The cores whose catalogue already holds the dialog's English strings. */
const withDialog = new WeakSet<Core>()

/**
 * {@link useT} for the dialog: its English strings (frame, headings, Connect, Account) come with
 * the dialog's chunk, which imports this module (the button's are in the first chunk).
 */
export function useDialogT(core: Core): Core['i18n']['t'] {
  if (!withDialog.has(core)) {
    core.i18n.addEnglish(modalEnglish)
    withDialog.add(core)
  }
  return useT(core)
}

import { proxy } from 'valtio/vanilla'
import { ERROR_MESSAGES, type CatalogueCode, type ErrorCode } from '../errors/codes.js'
import type { WalletModalError } from '../errors/WalletModalError.js'

/** Delay before a banner shows again after being replaced (spec §4). */
export const SNACK_RESHOW_MS = 150

/** Banner variants of spec §4. */
export type SnackVariant = 'success' | 'loading' | 'error'

/** Notification banner state. */
export interface SnackState {
  open: boolean
  /** What every visitor reads. */
  message: string
  /**
   * An error's short message where it says more than `message`: an HTTP status, a server's or a
   * wallet's reason, a rejected value (technical text). The snackbar shows it instead of
   * `message` only in debug mode (spec §8).
   */
  shortMessage?: string
  variant: SnackVariant
}

/** The notification banner (snackbar). */
export function createSnackController() {
  const state = proxy<SnackState>({ open: false, message: '', variant: 'success' })
  let timer: ReturnType<typeof setTimeout> | undefined
  const show = (message: string, variant: SnackVariant, shortMessage?: string) => {
    clearTimeout(timer)
    const next = { open: true, message, variant, shortMessage }
    if (state.open) {
      // Close first so assistive tech and the eye both notice the new message.
      state.open = false
      timer = setTimeout(() => Object.assign(state, next), SNACK_RESHOW_MS)
    } else {
      Object.assign(state, next)
    }
  }
  return {
    state,
    showSuccess: (message: string) => show(message, 'success'),
    showLoading: (message: string) => show(message, 'loading'),
    /**
     * An error banner. Text is shown as given. An error shows its catalogue words ('Signature
     * declined'); when its short message carries technical text instead ('HTTP status code: 500',
     * 'Failed to disconnect chains: …'), visitors read the words of what failed (`fallback`, else
     * the error's own code) and the short message is kept for debug mode.
     */
    showError(error: string | Pick<WalletModalError, 'code' | 'shortMessage'>, fallback?: ErrorCode): void {
      if (typeof error === 'string') return show(error, 'error')
      // The social login's errors (catalogued in their own chunk) are shown in their views, not here.
      const words = ERROR_MESSAGES[error.code as CatalogueCode]
      if (error.shortMessage === words) show(words, 'error')
      else show(ERROR_MESSAGES[(fallback ?? error.code) as CatalogueCode], 'error', error.shortMessage)
    },
    hide(): void {
      clearTimeout(timer)
      state.open = false
    }
  }
}

/** The snack controller's type. */
export type SnackController = ReturnType<typeof createSnackController>

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
  /**
   * The catalogue key of `message` (`notices` namespace: `snack.*`, `error.<CODE>`), with its
   * values: other locales show their words for it; English shows `message`.
   */
  key?: string
  values?: Record<string, string | number>
  variant: SnackVariant
}

/** The notification banner (snackbar). */
export function createSnackController() {
  const state = proxy<SnackState>({ open: false, message: '', variant: 'success' })
  let timer: ReturnType<typeof setTimeout> | undefined
  const show = (message: string, variant: SnackVariant, shortMessage?: string, key?: string, values?: Record<string, string | number>) => {
    clearTimeout(timer)
    const next = { open: true, message, variant, shortMessage, key, values }
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
    /** A success banner: `message` in English, `key` (with `values`) its catalogue entry for other locales. */
    showSuccess: (message: string, key?: string, values?: Record<string, string | number>) => show(message, 'success', undefined, key, values),
    showLoading: (message: string, key?: string, values?: Record<string, string | number>) => show(message, 'loading', undefined, key, values),
    /**
     * An error banner. Text is shown as given. An error shows its catalogue words ('Signature
     * declined'); when its short message carries technical text instead ('HTTP status code: 500',
     * 'Failed to disconnect chains: …'), visitors read the words of what failed (`fallback`, else
     * the error's own code) and the short message is kept for debug mode.
     */
    showError(error: string | Pick<WalletModalError, 'code' | 'shortMessage'>, fallback?: ErrorCode, key?: string): void {
      if (typeof error === 'string') return show(error, 'error', undefined, key)
      // The social login's errors (catalogued in their own chunk) are shown in their views, not here.
      const words = ERROR_MESSAGES[error.code as CatalogueCode]
      if (error.shortMessage === words) show(words, 'error', undefined, `error.${error.code}`)
      else {
        const code = (fallback ?? error.code) as CatalogueCode
        show(ERROR_MESSAGES[code] ?? error.shortMessage, 'error', error.shortMessage, ERROR_MESSAGES[code] ? `error.${code}` : undefined)
      }
    },
    hide(): void {
      clearTimeout(timer)
      state.open = false
    }
  }
}

/** The snack controller's type. */
export type SnackController = ReturnType<typeof createSnackController>

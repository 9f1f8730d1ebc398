import { proxy } from 'valtio/vanilla'

/** Delay before a banner shows again after being replaced (spec §4). */
export const SNACK_RESHOW_MS = 150

/** Banner variants of spec §4. */
export type SnackVariant = 'success' | 'loading' | 'error'

/** Notification banner state. */
export interface SnackState {
  open: boolean
  message: string
  variant: SnackVariant
}

/** The notification banner (snackbar). */
export function createSnackController() {
  const state = proxy<SnackState>({ open: false, message: '', variant: 'success' })
  let timer: ReturnType<typeof setTimeout> | undefined
  const show = (message: string, variant: SnackVariant) => {
    clearTimeout(timer)
    if (state.open) {
      // Close first so assistive tech and the eye both notice the new message.
      state.open = false
      timer = setTimeout(() => Object.assign(state, { open: true, message, variant }), SNACK_RESHOW_MS)
    } else {
      Object.assign(state, { open: true, message, variant })
    }
  }
  return {
    state,
    showSuccess: (message: string) => show(message, 'success'),
    showLoading: (message: string) => show(message, 'loading'),
    showError: (message: string) => show(message, 'error'),
    hide(): void {
      clearTimeout(timer)
      state.open = false
    }
  }
}

/** The snack controller's type. */
export type SnackController = ReturnType<typeof createSnackController>

import { proxy } from 'valtio/vanilla'
import type { AlertCode } from '../types/alert.js'

/** Alert state: the current alert, if any. */
export interface AlertState {
  code?: AlertCode
}

/** Configuration alerts shown at the top of the modal. */
export function createAlertController() {
  const state = proxy<AlertState>({})
  return {
    state,
    show(code: AlertCode): void {
      state.code = code
    },
    dismiss(): void {
      state.code = undefined
    }
  }
}

/** The alert controller's type. */
export type AlertController = ReturnType<typeof createAlertController>

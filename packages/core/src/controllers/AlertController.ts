import { proxy } from 'valtio/vanilla'

/** Alert kinds of spec §8 (configuration problems shown inside the modal). */
export type AlertCode = 'INVALID_APP_CONFIGURATION' | 'PROJECT_ID_NOT_CONFIGURED' | 'RATE_LIMITED' | 'SERVER_ERROR' | 'MULTI_WALLET_NOT_ENABLED' | 'IFRAME_LOAD_FAILED' | 'IFRAME_REQUEST_TIMEOUT' | 'UNVERIFIED_DOMAIN' | 'SWITCH_NETWORK_NOT_FOUND'

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

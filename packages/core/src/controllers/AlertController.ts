import { proxy } from 'valtio/vanilla'

/** Alert kinds of spec §8 (configuration problems shown inside the modal). */
export type AlertCode = 'INVALID_APP_CONFIGURATION' | 'PROJECT_ID_NOT_CONFIGURED' | 'RATE_LIMITED' | 'SERVER_ERROR' | 'MULTI_WALLET_NOT_ENABLED'

/** The spec's alert texts. */
export const ALERTS: Record<AlertCode, { title: string; description: string; variant: 'error' | 'warning' | 'info' }> = {
  INVALID_APP_CONFIGURATION: { title: 'Invalid App Configuration', description: "This site's origin is not in the project's allowed origins.", variant: 'error' },
  PROJECT_ID_NOT_CONFIGURED: { title: 'Project ID Not Configured', description: 'The project id is not known to the configured services.', variant: 'error' },
  RATE_LIMITED: { title: 'Rate Limited', description: 'The configuration service is rate limiting this site. Some features may be missing; try again later.', variant: 'warning' },
  SERVER_ERROR: { title: 'Server Error', description: 'The configuration service failed to answer. Some features may be missing.', variant: 'warning' },
  MULTI_WALLET_NOT_ENABLED: { title: 'Multi-Wallet Not Enabled', description: 'Enable multi-wallet in the project configuration to use several wallets at once.', variant: 'info' }
}

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

import type { AlertCode } from '../types/alert.js'

// The words of the alerts live apart from the controller: only the dialog (a lazy chunk) shows them.
/** The spec's alert texts. */
export const ALERTS: Record<AlertCode, { title: string; description: string; variant: 'error' | 'warning' | 'info' }> = {
  INVALID_APP_CONFIGURATION: {
    title: 'Invalid App Configuration',
    description: "This site's origin is not in the project's allowed origins.",
    variant: 'error'
  },
  PROJECT_ID_NOT_CONFIGURED: { title: 'Project ID Not Configured', description: 'The project id is not known to the configured services.', variant: 'error' },
  RATE_LIMITED: {
    title: 'Rate Limited',
    description: 'The configuration service is rate limiting this site. Some features may be missing; try again later.',
    variant: 'warning'
  },
  SERVER_ERROR: { title: 'Server Error', description: 'The configuration service failed to answer. Some features may be missing.', variant: 'warning' },
  IFRAME_LOAD_FAILED: {
    title: 'Login Unavailable',
    description: 'The secure login frame did not load (iframe_load_failed). Check your connection and try again.',
    variant: 'error'
  },
  IFRAME_REQUEST_TIMEOUT: {
    title: 'Login Timed Out',
    description: 'The secure login frame stopped answering (iframe_request_timeout). Try again.',
    variant: 'error'
  },
  MULTI_WALLET_NOT_ENABLED: {
    title: 'Multi-Wallet Not Enabled',
    description: 'Enable multi-wallet in the project configuration to use several wallets at once.',
    variant: 'info'
  },
  UNVERIFIED_DOMAIN: {
    title: 'Unverified Domain',
    description: "This site tells wallets it is at another address (metadata.url) than this page's origin, so wallets cannot verify the domain you are on.",
    variant: 'warning'
  },
  SWITCH_NETWORK_NOT_FOUND: {
    title: 'Network Not Found',
    description: "The network to switch to is not one of this site's networks (the networks option).",
    variant: 'error'
  }
}

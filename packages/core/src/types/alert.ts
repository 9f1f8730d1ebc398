/** Alert kinds of spec §8 (configuration problems shown inside the modal). */
export type AlertCode =
  | 'INVALID_APP_CONFIGURATION'
  | 'PROJECT_ID_NOT_CONFIGURED'
  | 'RATE_LIMITED'
  | 'SERVER_ERROR'
  | 'MULTI_WALLET_NOT_ENABLED'
  | 'IFRAME_LOAD_FAILED'
  | 'IFRAME_REQUEST_TIMEOUT'
  | 'UNVERIFIED_DOMAIN'
  | 'SWITCH_NETWORK_NOT_FOUND'

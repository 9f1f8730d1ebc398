/**
 * The embedded wallet's errors (spec §8, e-mail and social login), kept out of the first chunk:
 * only the embedded wallet's chunks raise them, always with their words. Codes join `ErrorCode`.
 */
export const EMBEDDED_ERROR_MESSAGES = {
  AUTH_CONNECTOR_NOT_FOUND: 'No auth connector found',
  NOT_CONNECTED_EMAIL: 'Not connected to email or social',
  AUTH_INIT_FAILED: 'A problem occurred while trying initialize authentication',
  EMAIL_DEPENDENCY_FAILED: 'Unable to load email login dependency',
  EMAIL_COOLDOWN: 'Please try again after N seconds',
  INVALID_EMAIL: 'Invalid email',
  FRAME_ERROR: 'An error occurred',
  SOMETHING_WENT_WRONG: 'Something went wrong',
  RPC_NOT_ALLOWED: 'Requested RPC call is not allowed',
  ACTION_NOT_ALLOWED: 'Action not allowed',
  IFRAME_LOAD_FAILED: 'iframe_load_failed',
  IFRAME_REQUEST_TIMEOUT: 'iframe_request_timeout'
} as const

/** A code of {@link EMBEDDED_ERROR_MESSAGES}. */
export type EmbeddedErrorCode = keyof typeof EMBEDDED_ERROR_MESSAGES

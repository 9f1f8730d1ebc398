import { WalletModalError, type WalletModalErrorOptions } from './WalletModalError.js'
import type { ErrorCode } from './codes.js'

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

/**
 * A {@link WalletModalError} worded from the embedded wallet's catalogue (other codes from the
 * first chunk's); `options` may override the words.
 */
export function embeddedError(code: ErrorCode, options: WalletModalErrorOptions = {}): WalletModalError {
  return new WalletModalError(code, { shortMessage: EMBEDDED_ERROR_MESSAGES[code as EmbeddedErrorCode], ...options })
}

/** Like `toWalletModalError`, where the fallback may be one of the embedded wallet's codes. */
export function toEmbeddedError(value: unknown, fallback: ErrorCode): WalletModalError {
  if (value instanceof WalletModalError) return value
  const details = value instanceof Error ? value.message : typeof value === 'string' ? value : undefined
  return embeddedError(fallback, { details, cause: value })
}

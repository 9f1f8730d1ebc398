// The embedded wallet's errors, worded from its catalogue (embeddedCodes.ts): apart from the
// catalogue, which `ErrorCode` names, so the error class and the catalogue do not import each other.
import { WalletModalError, type WalletModalErrorOptions } from './WalletModalError.js'
import type { ErrorCode } from './codes.js'
import { EMBEDDED_ERROR_MESSAGES, type EmbeddedErrorCode } from './embeddedCodes.js'

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

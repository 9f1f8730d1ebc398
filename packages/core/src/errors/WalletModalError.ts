import { ERROR_MESSAGES, type CatalogueCode, type ErrorCode } from './codes.js'

/** Options accepted by {@link WalletModalError}. */
export interface WalletModalErrorOptions {
  /** Overrides the catalogue wording (used where the spec's text carries a value, e.g. `{reason}`). */
  shortMessage?: string
  /** Extra, non-user-facing detail (e.g. the wallet's own message). */
  details?: string
  /** The underlying error, kept for debugging. */
  cause?: unknown
}

/**
 * The one error class of wallet-modal. The UI decides what to show by `code`,
 * never by parsing message text; `shortMessage` is the spec's catalogue wording.
 */
export class WalletModalError extends Error {
  /** Stable, machine-readable code. */
  readonly code: ErrorCode
  /** The user-facing text from the spec's error catalogue. */
  readonly shortMessage: string
  /** Optional technical detail. */
  readonly details?: string

  constructor(code: ErrorCode, options: WalletModalErrorOptions = {}) {
    // Codes outside the first chunk's catalogue (social login) always come with their words.
    const shortMessage = options.shortMessage ?? ERROR_MESSAGES[code as CatalogueCode]
    super(options.details ? `${shortMessage}: ${options.details}` : shortMessage, { cause: options.cause })
    this.name = 'WalletModalError'
    this.code = code
    this.shortMessage = shortMessage
    this.details = options.details
  }
}

/** True when `value` is a {@link WalletModalError} (optionally with the given code). */
export function isWalletModalError(value: unknown, code?: ErrorCode): value is WalletModalError {
  return value instanceof WalletModalError && (code === undefined || value.code === code)
}

/**
 * Wraps anything thrown into a {@link WalletModalError}, keeping one that already is one.
 * `fallback` is the code used for unknown errors.
 */
export function toWalletModalError(value: unknown, fallback: ErrorCode): WalletModalError {
  if (value instanceof WalletModalError) return value
  const details = value instanceof Error ? value.message : typeof value === 'string' ? value : undefined
  return new WalletModalError(fallback, { details, cause: value })
}

import { WalletModalError } from '../../errors/WalletModalError.js'
import type { ErrorCode } from '../../errors/codes.js'

/** EIP-1193 / EIP-1474 codes the modal reacts to. */
export const PROVIDER_CODES = {
  USER_REJECTED: 4001,
  UNAUTHORIZED: 4100,
  UNSUPPORTED_METHOD: 4200,
  DISCONNECTED: 4900,
  CHAIN_NOT_ADDED: 4902,
  REQUEST_PENDING: -32002
} as const

/** The numeric code of a provider error, looking into wrapped errors as some wallets nest them. */
export function providerErrorCode(err: unknown): number | undefined {
  const e = err as { code?: unknown; data?: { originalError?: { code?: unknown } }; cause?: unknown } | undefined
  if (typeof e?.code === 'number') return e.code
  if (typeof e?.data?.originalError?.code === 'number') return e.data.originalError.code
  if (e?.cause && e.cause !== err) return providerErrorCode(e.cause)
  return undefined
}

/**
 * Translates a wallet's error into a {@link WalletModalError}; this is the only place provider
 * codes are read. 4001 becomes `rejected`, anything else `fallback`.
 */
export function fromProviderError(err: unknown, fallback: ErrorCode, rejected: ErrorCode = 'USER_REJECTED'): WalletModalError {
  if (err instanceof WalletModalError) return err
  const code = providerErrorCode(err)
  const details = (err as { message?: unknown })?.message
  return new WalletModalError(code === PROVIDER_CODES.USER_REJECTED ? rejected : fallback, {
    details: typeof details === 'string' ? details : undefined,
    cause: err
  })
}

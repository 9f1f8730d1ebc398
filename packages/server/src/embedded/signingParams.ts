import { isHex, type TypedDataDefinition } from 'viem'
import { ApiError } from '../http/ApiError.js'

/** Refuses a signing request's params with a 400 naming what is wrong. */
export const badRequest = (reason: string): never => {
  throw new ApiError(400, reason)
}

/** A request's params as the array JSON-RPC methods take. */
export const asArray = (params: unknown): unknown[] => (Array.isArray(params) ? params : badRequest('params must be an array'))

/** A message given as 0x-hex is signed as its bytes, anything else as UTF-8 text (as wallets do). */
export const messageOf = (value: unknown): string | { raw: `0x${string}` } =>
  typeof value !== 'string' ? badRequest('the message must be a string') : isHex(value) ? { raw: value } : value

/** A hex quantity field of a transaction, or undefined when absent. */
export const quantity = (value: unknown, field: string): bigint | undefined => {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(value)) badRequest(`${field} must be a hex quantity`)
  return BigInt(value as string)
}

/**
 * `eth_signTypedData_v4`'s typed data (params[1], JSON text or an object) as viem signs it: with
 * `types` and `primaryType`, and without `EIP712Domain` among the types (viem derives it).
 */
export function typedDataOf(params: unknown): TypedDataDefinition {
  const raw = asArray(params)[1]
  let typed: { domain?: unknown; types?: Record<string, unknown>; primaryType?: unknown; message?: unknown }
  try {
    typed = typeof raw === 'string' ? JSON.parse(raw) : (raw as typeof typed)
  } catch {
    return badRequest('typed data must be JSON')
  }
  if (!typed?.types || typeof typed.primaryType !== 'string') badRequest('typed data needs types and primaryType')
  const { EIP712Domain: _domain, ...types } = typed.types!
  return { domain: typed.domain, types, primaryType: typed.primaryType, message: typed.message } as TypedDataDefinition
}

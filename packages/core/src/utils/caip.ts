import { WalletModalError } from '../errors/WalletModalError.js'
import type { CaipAddress, CaipNetworkId } from '../types/network.js'

/** The parts of a CAIP-10 account id. */
export interface ParsedCaipAddress {
  namespace: string
  chainId: string
  address: string
}

function nonEmptyParts(value: unknown, count: number): string[] | undefined {
  if (typeof value !== 'string') return undefined
  const parts = value.split(':')
  return parts.length === count && parts.every(p => p.length > 0) ? parts : undefined
}

/**
 * Parses a CAIP-2 network id: exactly two non-empty colon-separated parts.
 * @throws WalletModalError `INVALID_CAIP2_NETWORK_ID` ('Invalid CAIP-2 network id: {value}')
 */
export function parseCaipNetworkId(value: unknown): { namespace: string; chainId: string } {
  const parts = nonEmptyParts(value, 2)
  if (!parts) {
    throw new WalletModalError('INVALID_CAIP2_NETWORK_ID', { shortMessage: `Invalid CAIP-2 network id: ${String(value)}` })
  }
  return { namespace: parts[0]!, chainId: parts[1]! }
}

/**
 * Parses a CAIP-10 account id: exactly three non-empty colon-separated parts.
 * @throws WalletModalError `INVALID_CAIP10_ADDRESS` ('Invalid CAIP-10 address: {value}')
 */
export function parseCaipAddress(value: unknown): ParsedCaipAddress {
  const parts = nonEmptyParts(value, 3)
  if (!parts) {
    throw new WalletModalError('INVALID_CAIP10_ADDRESS', { shortMessage: `Invalid CAIP-10 address: ${String(value)}` })
  }
  return { namespace: parts[0]!, chainId: parts[1]!, address: parts[2]! }
}

/**
 * Returns the address part of a CAIP-10 id.
 * @throws WalletModalError `INVALID_CAIP_ADDRESS` ('Invalid CAIP Address') when it is not one.
 */
export function getPlainAddress(value: unknown): string {
  const parts = nonEmptyParts(value, 3)
  if (!parts) throw new WalletModalError('INVALID_CAIP_ADDRESS')
  return parts[2]!
}

/** True when `value` is a well-formed CAIP-2 id. */
export function isCaipNetworkId(value: unknown): value is CaipNetworkId {
  return nonEmptyParts(value, 2) !== undefined
}

/** True when `value` is a well-formed CAIP-10 id. */
export function isCaipAddress(value: unknown): value is CaipAddress {
  return nonEmptyParts(value, 3) !== undefined
}

/** Builds a CAIP-10 id from a network id and an address. */
export function toCaipAddress(caipNetworkId: CaipNetworkId, address: string): CaipAddress {
  return `${caipNetworkId}:${address}` as CaipAddress
}

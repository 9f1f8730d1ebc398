import { parseChainIdHex } from './chainIdHex.js'
import type { WalletChain } from './types.js'
import { walletErrors } from './walletErrors.js'

/**
 * Checks the parameter of `wallet_addEthereumChain` (EIP-3085) and returns the chain to add.
 *
 * Required: `chainId` (0x hex, no leading zeros), `chainName` (non-empty string), `rpcUrls`
 * (non-empty array of http(s) URL strings), `nativeCurrency` `{ name, symbol, decimals }`.
 * Optional `blockExplorerUrls` / `iconUrls` must be arrays of strings when present.
 *
 * @param params - The request's `params` as received.
 * @throws RpcError -32602 naming the first bad field.
 */
export function validateAddChainParams(params: unknown): WalletChain {
  const first: unknown = Array.isArray(params) ? params[0] : undefined
  if (typeof first !== 'object' || first === null) throw walletErrors.invalidParams('expected [{ chainId, chainName, rpcUrls, nativeCurrency }]')
  const p = first as Record<string, unknown>
  const chainId = parseChainIdHex(p.chainId)
  if (chainId === undefined) throw walletErrors.invalidParams('chainId must be a 0x-prefixed hex string without leading zeros')
  if (typeof p.chainName !== 'string' || p.chainName.trim() === '') throw walletErrors.invalidParams('chainName must be a non-empty string')
  if (!isStringArray(p.rpcUrls) || p.rpcUrls.length === 0) throw walletErrors.invalidParams('rpcUrls must be a non-empty array of strings')
  const rpcUrl = p.rpcUrls.find(isHttpUrl)
  if (!rpcUrl) throw walletErrors.invalidParams('rpcUrls must contain an http(s) URL')
  const currency = p.nativeCurrency
  if (
    typeof currency !== 'object' ||
    currency === null ||
    typeof (currency as Record<string, unknown>).name !== 'string' ||
    typeof (currency as Record<string, unknown>).symbol !== 'string' ||
    !Number.isInteger((currency as Record<string, unknown>).decimals)
  ) {
    throw walletErrors.invalidParams('nativeCurrency must be { name: string, symbol: string, decimals: integer }')
  }
  for (const field of ['blockExplorerUrls', 'iconUrls'] as const) {
    if (p[field] !== undefined && p[field] !== null && !isStringArray(p[field])) {
      throw walletErrors.invalidParams(`${field} must be an array of strings`)
    }
  }
  return { chainId, name: p.chainName.trim(), rpcUrl }
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every(item => typeof item === 'string')
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

// A token balance's amounts as Send reads them (contract, decimals, the listed balance) and the
// amount check: pure functions that the draft (sendDraft.ts) and its lazily loaded fee and price
// (sendFee.ts) share, so those two do not import each other.
import { parseUnits } from 'viem'
import type { TokenBalance } from '../api/schemas.js'

/** The contract or mint of a token balance (its CAIP-10 `address`), undefined for the native coin. */
export function tokenContract(token: TokenBalance): string | undefined {
  if (!token.address) return undefined
  return token.address.slice(token.address.lastIndexOf(':') + 1)
}

/** Decimals of a token balance. */
export const decimalsOf = (token: TokenBalance): number => Number(token.quantity.decimals)

/** A token's decimals when the service sent a usable count (0 to 255, as ERC-20 allows), else undefined. */
export function usableDecimals(token: TokenBalance): number | undefined {
  return /^\d{1,3}$/.test(token.quantity.decimals) && Number(token.quantity.decimals) <= 255 ? Number(token.quantity.decimals) : undefined
}

/**
 * A token's listed balance in base units. The text comes from the balance service: one that is
 * not a plain decimal (`1e21`, `-5`) counts as nothing rather than throwing in the form.
 */
export function listedUnits(token: TokenBalance, decimals: number): bigint {
  return /^\d+(\.\d+)?$/.test(token.quantity.numeric) ? parseUnits(token.quantity.numeric, decimals) : 0n
}

/**
 * Checks an amount against a token: a positive decimal with no more places than the token has,
 * and no more than the balance.
 * @returns the error code to show, or undefined when the amount can be sent
 */
export function amountError(token: TokenBalance | undefined, amount: string | undefined): 'INVALID_AMOUNT' | 'INSUFFICIENT_FUNDS' | undefined {
  if (!token || !amount) return undefined
  const decimals = usableDecimals(token)
  if (decimals === undefined) return 'INVALID_AMOUNT'
  if (!/^\d*\.?\d+$/.test(amount) && !/^\d+\.$/.test(amount)) return 'INVALID_AMOUNT'
  const [, frac = ''] = amount.split('.')
  if (frac.length > decimals) return 'INVALID_AMOUNT'
  const value = parseUnits(amount.replace(/\.$/, ''), decimals)
  if (value <= 0n) return 'INVALID_AMOUNT'
  if (value > listedUnits(token, decimals)) return 'INSUFFICIENT_FUNDS'
  return undefined
}

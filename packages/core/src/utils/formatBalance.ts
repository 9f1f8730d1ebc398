import { formatUnits } from 'viem'
import { truncateDecimals } from './format.js'

/**
 * Formats a raw integer amount (wei, lamports...) for display with 3 truncated decimals. Its own
 * module: viem's unit code loads with the first balance, not with the modal's views.
 *
 * @example formatBalance(1234567890000000000n, 18) // '1.234'
 */
export function formatBalance(raw: bigint, unitDecimals: number, shownDecimals = 3): string {
  return truncateDecimals(formatUnits(raw, unitDecimals), shownDecimals)
}

import { formatUnits } from 'viem'

/**
 * Truncates (never rounds) a decimal string to `decimals` places and pads it,
 * so a displayed balance is never more than the real one. `'1.23456'` -> `'1.234'`.
 */
export function truncateDecimals(value: string, decimals = 3): string {
  const negative = value.startsWith('-')
  const [int = '0', frac = ''] = (negative ? value.slice(1) : value).split('.')
  const cut = decimals > 0 ? `${int || '0'}.${frac.slice(0, decimals).padEnd(decimals, '0')}` : int || '0'
  return negative && /[1-9]/.test(cut) ? `-${cut}` : cut
}

/** Formats a raw integer amount (wei, lamports...) for display with 3 truncated decimals. */
export function formatBalance(raw: bigint, unitDecimals: number, shownDecimals = 3): string {
  return truncateDecimals(formatUnits(raw, unitDecimals), shownDecimals)
}

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

/**
 * A USD amount with 2 decimals (truncated, like balances) and thousands separators: `$1,234.56`.
 * Written out instead of Intl.NumberFormat, whose first use costs ~20 ms of start-up.
 */
export function formatUsd(value: number): string {
  if (!Number.isFinite(value)) return '$0.00'
  const fixed = truncateDecimals(Math.abs(value).toFixed(6), 2)
  const [int = '0', frac = '00'] = fixed.split('.')
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${value < 0 && fixed !== '0.00' ? '-' : ''}$${grouped}.${frac}`
}

// Larger amounts are named by their power of a thousand, one decimal kept.
const UNITS = ['k', 'm', 'b', 't'] as const
const DECIMAL_TEXT = /^(\d+)(?:\.(\d*))?$/

/** `int.frac` without the fraction's trailing zeros ('1.50' → '1.5', '2.0' → '2'). */
function joinTrimmed(int: string, frac: string): string {
  const kept = frac.replace(/0+$/, '')
  return kept ? `${int}.${kept}` : int
}

/**
 * A balance shortened for a button, as RainbowKit's `displayBalance` shows it: below 1, up to 3
 * decimals; below 100, up to 2; below 10,000, up to 1 with thousands separators; above, one
 * decimal and a unit (`12.3k`, `4.5m`, `1b`, `2t`). Decimals are cut, never rounded (a balance
 * never shows more than the account has), and trailing zeros are dropped. Works on the decimal
 * text itself, never through a float, and with the same separators everywhere, so a server
 * render and the browser's agree. Text that is not a plain decimal is returned as is.
 *
 * @param text - A non-negative decimal, e.g. the account's balance `'1234.567'`.
 * @example
 * ```ts
 * abbreviateBalance('0.12345') // '0.123'
 * abbreviateBalance('1234.56') // '1,234.5'
 * abbreviateBalance('12345.6') // '12.3k'
 * ```
 */
export function abbreviateBalance(text: string): string {
  const match = DECIMAL_TEXT.exec(text.trim())
  if (!match) return text
  const int = match[1]!.replace(/^0+(?=\d)/, '')
  const frac = match[2] ?? ''
  if (int === '0') return joinTrimmed(int, frac.slice(0, 3))
  if (int.length <= 2) return joinTrimmed(int, frac.slice(0, 2))
  if (int.length <= 4) return joinTrimmed(int.replace(/\B(?=(\d{3})+(?!\d))/g, ','), frac.slice(0, 1))
  // 5 and 6 digits are thousands, 7 to 9 millions, 10 to 12 billions, 13 and more trillions.
  const power = Math.min(Math.floor((int.length - 1) / 3), UNITS.length)
  const head = int.length - power * 3
  return joinTrimmed(int.slice(0, head), int.charAt(head)) + UNITS[power - 1]
}

import type { Locale, NumberFormats } from './i18nTypes.js'

/**
 * `locale`'s formatter of decimal text: each number in it (digits, an optional `.` and decimals)
 * in the locale's digits and separators, with exactly its decimals (Intl formats a decimal string
 * exactly, without going through a float).
 */
export function amountFormatter(locale: Locale): NumberFormats['amount'] {
  const formatters = new Map<number, Intl.NumberFormat>()
  const byDecimals = (decimals: number) => {
    let f = formatters.get(decimals)
    if (!f) formatters.set(decimals, (f = new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals })))
    return f
  }
  // (A string argument is exact in Intl.NumberFormat v3; the lib typings say number only.)
  return text => text.replace(/-?\d+(?:\.(\d+))?/g, (number, decimals?: string) => byDecimals(decimals?.length ?? 0).format(number as unknown as number))
}

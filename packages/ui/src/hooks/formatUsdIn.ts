import { formatUsd } from '@wallet-modal/core/internal'

/** What stands where a dollar value would be when the price is unknown: an en dash, never "$0.00". */
export const UNKNOWN_USD = '–'

/** One currency formatter per locale (their construction is what costs). */
const formatters = new Map<string, Intl.NumberFormat>()

/**
 * A USD value in `locale`'s way of writing money, with 2 decimals truncated like every balance
 * (spec: fiat values keep 2 decimals): `formatUsdIn('de', 1234.5)` is `'1.234,50 $'`. English
 * keeps core's own `$1,234.50` (the same text Intl writes for en-US, without Intl's start-up cost).
 *
 * @example
 * <span>{formatUsdIn(locale, token.value)}</span>
 */
export function formatUsdIn(locale: string, value: number): string {
  if (locale === 'en' || !Number.isFinite(value)) return formatUsd(value)
  let f = formatters.get(locale)
  if (!f) {
    // roundingMode: 'trunc' (Intl.NumberFormat v3, in every current browser) cuts like truncateDecimals.
    f = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      roundingMode: 'trunc'
    } as Intl.NumberFormatOptions)
    formatters.set(locale, f)
  }
  // As decimal text (exact in Intl v3): a float like 4.35 (4.34999…) must not lose its cent.
  return f.format(value.toFixed(6) as unknown as number)
}

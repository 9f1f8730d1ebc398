/** One percent formatter per locale. */
const formatters = new Map<string, Intl.NumberFormat>()

/**
 * A percentage (`12.5` for 12.5 %) with 2 decimals the way `locale` writes one (`12,50 %` in
 * French, `%12,50` in Turkish); English keeps `12.50%`. Values under 0.01 read as `<0.01%`.
 *
 * @example
 * formatPercentIn('de', quote.priceImpact) // '1,25 %'
 */
export function formatPercentIn(locale: string, percent: number): string {
  const small = percent > 0 && percent < 0.01
  if (locale === 'en') return `${small ? '<0.01' : percent.toFixed(2)}%`
  let f = formatters.get(locale)
  if (!f) formatters.set(locale, (f = new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 })))
  return `${small ? '<' : ''}${f.format((small ? 0.01 : percent) / 100)}`
}

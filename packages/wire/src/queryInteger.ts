import * as v from 'valibot'

/**
 * An integer query parameter in `[min, max]`. On the wire it is decimal text; a caller may give
 * a number (it is written as text), and the server reads the number back.
 *
 * @example
 * ```ts
 * const Page = queryInteger(1, 100_000)
 * v.parse(Page, '2') // 2
 * ```
 *
 * @param min - Smallest accepted value.
 * @param max - Largest accepted value.
 */
export function queryInteger(min: number, max: number) {
  return v.pipe(v.union([v.number(), v.pipe(v.string(), v.regex(/^-?\d{1,16}$/), v.transform(Number))]), v.integer(), v.minValue(min), v.maxValue(max))
}

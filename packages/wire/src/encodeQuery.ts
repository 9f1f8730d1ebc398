/** A query value as a caller may give it: lists become comma lists, numbers their decimal text. */
export type QueryValue = string | number | boolean | readonly string[] | null | undefined

/**
 * Turns a query (an endpoint's query input) into the text values of a URL: a list becomes one
 * comma-separated value (`include=a,b`), numbers and booleans their text; missing values, `null`
 * and empty lists are left out, so "no filter" is never sent as an empty parameter.
 *
 * @example
 * ```ts
 * encodeQuery({ page: 2, include: ['a', 'b'], search: undefined }) // { page: '2', include: 'a,b' }
 * ```
 *
 * @param query - Parameter values by name.
 */
export function encodeQuery(query: Readonly<Record<string, QueryValue>>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue
    if (Array.isArray(value)) {
      if (value.length > 0) out[name] = value.join(',')
    } else out[name] = String(value)
  }
  return out
}

import * as v from 'valibot'

/**
 * A list query parameter: a comma-separated value on the wire (`include=a,b`), a list on both
 * sides. A caller may give the list or its text; the empty text means "no list". Each item must
 * pass `item`, and there are at most `max` items.
 *
 * @example
 * ```ts
 * const Ids = commaList(v.pipe(v.string(), v.regex(/^[a-z]+$/)), 10)
 * v.parse(Ids, 'a,b') // ['a', 'b']
 * v.parse(Ids, '') // []
 * ```
 *
 * @param item - Schema of one item.
 * @param max - Most items.
 */
export function commaList<S extends v.GenericSchema<string, string>>(item: S, max: number) {
  return v.pipe(
    v.union([
      v.array(v.string()),
      v.pipe(
        v.string(),
        v.transform(text => (text === '' ? [] : text.split(',')))
      )
    ]),
    v.maxLength(max),
    v.array(item)
  )
}

import type { TypedDataDefinition } from 'viem'
import type { DescriptionRow } from './describeEvmCall.js'

type Fields = Record<string, readonly { name: string; type: string }[]>

const arrayInner = (type: string) => /^(.*)\[\d*\]$/.exec(type)?.[1]

/** Adds one row per value, walking the value by its declared type (never by the object's own keys). */
function walk(types: Fields, type: string, value: unknown, path: string, rows: DescriptionRow[]): void {
  const inner = arrayInner(type)
  if (inner !== undefined) {
    const items = value as unknown[]
    if (items.length === 0) rows.push({ label: path, value: '(none)' })
    items.forEach((item, i) => walk(types, inner, item, `${path}[${i}]`, rows))
    return
  }
  const fields = types[type]
  if (!fields) {
    rows.push({ label: path, value: typeof value === 'string' ? value : typeof value === 'bigint' ? value.toString() : JSON.stringify(value) })
    return
  }
  for (const field of fields) walk(types, field.type, (value as Record<string, unknown>)[field.name], path ? `${path}.${field.name}` : field.name, rows)
}

/**
 * Typed data in words: every domain field, then every value of the message in the order and
 * with the names of `types[primaryType]` (nested structs and arrays unfolded), so what is shown is
 * what EIP-712 hashes. The definition must have been checked by `typedDataOf` (no key outside
 * the types, none missing).
 */
export function describeTypedData(typed: TypedDataDefinition): DescriptionRow[] {
  const rows: DescriptionRow[] = []
  for (const [key, value] of Object.entries((typed.domain ?? {}) as Record<string, unknown>)) rows.push({ label: `Domain ${key}`, value: String(value) })
  walk(typed.types as Fields, typed.primaryType as string, typed.message, '', rows)
  return rows
}

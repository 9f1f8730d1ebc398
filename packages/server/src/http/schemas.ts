// JSON-schema fragments shared by the routes. Patterns are anchored and lengths bounded: every
// input is checked for type, size and format before a route sees it.

/** `0x` + 40 hex digits. */
export const EVM_ADDRESS = { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' } as const

/** A Solana address: base58, 32 to 44 characters (decoding to 32 bytes is checked by the route). */
export const SOLANA_ADDRESS = { type: 'string', pattern: '^[1-9A-HJ-NP-Za-km-z]{32,44}$' } as const

/** An account address on any supported chain: EVM (`0x` + 40 hex) or Solana (base58). */
export const ACCOUNT_ADDRESS = { type: 'string', pattern: '^(0x[0-9a-fA-F]{40}|[1-9A-HJ-NP-Za-km-z]{32,44})$' } as const

/**
 * A Bitcoin address's shape: bech32/bech32m (`bc1`, `tb1`, `bcrt1`, one case) or base58 legacy
 * (P2PKH, P2SH). The checksum is checked where the address is used.
 */
export const BITCOIN_ADDRESS = { type: 'string', pattern: '^((bc|tb|bcrt)1[02-9ac-hj-np-z]{6,87}|(BC|TB|BCRT)1[02-9AC-HJ-NP-Z]{6,87}|[123mn][1-9A-HJ-NP-Za-km-z]{25,34})$' } as const

/** A CAIP-2 network id (`eip155:1`). */
export const CAIP2 = { type: 'string', pattern: '^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$', maxLength: 41 } as const

/** A CAIP-10 account id (`eip155:1:0xabc...`), or `eip155:1:native` for a native coin. */
export const CAIP10 = { type: 'string', pattern: '^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:[-.%a-zA-Z0-9]{1,128}$', maxLength: 170 } as const

/** An image id in a URL path. */
export const IMAGE_ID = { type: 'string', pattern: '^[A-Za-z0-9:._-]{1,100}$' } as const

/** Params of routes shaped `/.../{id}`. */
export const ID_PARAMS = {
  type: 'object',
  required: ['id'],
  properties: { id: IMAGE_ID }
} as const

/**
 * The query parameters every endpoint takes (checked first by the project guard; listed here so
 * schemas that forbid extra properties accept them).
 */
export const CLIENT_PARAMS = {
  projectId: { type: 'string' },
  st: { type: 'string' },
  sv: { type: 'string' }
} as const

/**
 * A comma-separated list, each item matching `item` (a regex source without anchors), at most
 * `max` items; the empty string is allowed and means "no list".
 *
 * @param item - Pattern of one item.
 * @param max - Most items.
 */
export function commaList(item: string, max: number): { type: 'string'; pattern: string; maxLength: number } {
  return { type: 'string', pattern: `^(|${item}(,${item}){0,${max - 1}})$`, maxLength: max * 101 }
}

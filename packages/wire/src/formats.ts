import * as v from 'valibot'

// Formats of the values the calls carry. Patterns are anchored and lengths bounded: the server
// checks every input for type, size and format before a route sees it.

/** `0x` + 40 hex digits (any case). */
export const EvmAddressSchema = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/))

/** A Solana address's shape: base58, 32 to 44 characters (decoding to 32 bytes is the server's check). */
export const SolanaAddressSchema = v.pipe(v.string(), v.regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/))

/** An account on a chain with balances: EVM (`0x` + 40 hex) or Solana (base58). */
export const AccountAddressSchema = v.pipe(v.string(), v.regex(/^(0x[0-9a-fA-F]{40}|[1-9A-HJ-NP-Za-km-z]{32,44})$/))

/**
 * A Bitcoin address's shape: bech32/bech32m (`bc1`, `tb1`, `bcrt1`, one case) or base58 legacy
 * (P2PKH, P2SH). The checksum is checked where the address is used.
 */
export const BitcoinAddressSchema = v.pipe(
  v.string(),
  v.regex(/^((bc|tb|bcrt)1[02-9ac-hj-np-z]{6,87}|(BC|TB|BCRT)1[02-9AC-HJ-NP-Z]{6,87}|[123mn][1-9A-HJ-NP-Za-km-z]{25,34})$/)
)

/** A CAIP-2 network id (`eip155:1`). */
export const Caip2Schema = v.pipe(v.string(), v.maxLength(41), v.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/))

/** A CAIP-10 account id (`eip155:1:0xabc…`), or `eip155:1:native` for a chain's native coin. */
export const Caip10Schema = v.pipe(v.string(), v.maxLength(170), v.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:[-.%a-zA-Z0-9]{1,128}$/))

/** An ISO 8601 time as `Date.prototype.toISOString()` writes it. */
export const IsoTimeSchema = v.pipe(v.string(), v.isoTimestamp())

// The hash functions and byte helpers Bitcoin's formats are built from, on @noble/hashes
// (pure JS, so the same code runs in the browser wallet and in Node tests).
import { ripemd160 } from '@noble/hashes/legacy'
import { sha256 } from '@noble/hashes/sha2'
import { concatBytes, utf8ToBytes } from '@noble/hashes/utils'

export { sha256, concatBytes, utf8ToBytes }

/**
 * Bitcoin's HASH256: SHA-256 applied twice (transaction ids, legacy message hashes).
 *
 * @param data - Bytes to hash.
 */
export function hash256(data: Uint8Array): Uint8Array {
  return sha256(sha256(data))
}

/**
 * Bitcoin's HASH160: RIPEMD-160 of SHA-256 (the 20-byte key hash in P2PKH and P2WPKH).
 *
 * @param data - Bytes to hash, usually a 33-byte compressed public key.
 */
export function hash160(data: Uint8Array): Uint8Array {
  return ripemd160(sha256(data))
}

/**
 * BIP-340 tagged hash: `SHA256(SHA256(tag) || SHA256(tag) || data)` (BIP-322 message hash,
 * BIP-341 TapTweak and TapSighash).
 *
 * @param tag - The tag, e.g. 'BIP0322-signed-message'.
 * @param data - The data parts, hashed as if concatenated.
 */
export function taggedHash(tag: string, ...data: Uint8Array[]): Uint8Array {
  const tagHash = sha256(utf8ToBytes(tag))
  return sha256(concatBytes(tagHash, tagHash, ...data))
}

/**
 * Constant-shape byte comparison (the inputs here are public, so timing does not matter).
 *
 * @param a - First bytes.
 * @param b - Second bytes.
 */
export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  let diff = 0
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!
  return diff === 0
}

import { base58 } from '@scure/base'

/**
 * Whether `value` is a Solana address: base58 text that decodes to exactly 32 bytes (a regex
 * alone lets through 32-44 character strings of other lengths). @scure/base does the decoding.
 *
 * @param value - Candidate address.
 */
export function isSolanaAddress(value: string): boolean {
  // 32 bytes take 32 to 44 base58 characters; the check spares decoding long junk.
  if (value.length < 32 || value.length > 44) return false
  try {
    return base58.decode(value).length === 32
  } catch {
    return false
  }
}

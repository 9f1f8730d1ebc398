const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/**
 * Whether `value` is a Solana address: base58 text that decodes to exactly 32 bytes (a regex
 * alone lets through 32-44 character strings of other lengths).
 *
 * @param value - Candidate address.
 */
export function isSolanaAddress(value: string): boolean {
  if (value.length < 32 || value.length > 44) return false
  let number = 0n
  for (const char of value) {
    const digit = ALPHABET.indexOf(char)
    if (digit < 0) return false
    number = number * 58n + BigInt(digit)
  }
  // Each leading '1' stands for a zero byte the number does not show.
  const zeros = value.length - value.replace(/^1+/, '').length
  const bytes = number === 0n ? 0 : Math.ceil(number.toString(16).length / 2)
  return zeros + bytes === 32
}

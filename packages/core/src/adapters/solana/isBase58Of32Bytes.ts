/** The base58 (Bitcoin) alphabet Solana keys are written in. */
const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/**
 * Whether a base58 text decodes to exactly 32 bytes (a Solana public key, hence a mint).
 *
 * @example isBase58Of32Bytes('11111111111111111111111111111111') // true: 32 zero bytes
 */
export function isBase58Of32Bytes(value: string): boolean {
  if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(value)) return false
  let n = 0n
  for (const c of value) n = n * 58n + BigInt(BASE58_ALPHABET.indexOf(c))
  // Leading '1's are zero bytes; the rest is the number's bytes.
  return /^1*/.exec(value)![0].length + (n ? (n.toString(16).length + 1) >> 1 : 0) === 32
}

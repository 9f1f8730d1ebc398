// Base58 (Bitcoin alphabet), the text form of Solana addresses, signatures and blockhashes.
// Written out rather than imported so the browser wallet needs no extra dependency.

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const INDEX = new Map([...ALPHABET].map((char, i) => [char, i]))

/**
 * Encodes bytes as base58. Leading zero bytes become leading '1's.
 *
 * @param bytes - The bytes to encode.
 */
export function encodeBase58(bytes: Uint8Array): string {
  let zeros = 0
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++
  // Little-endian base-58 digits of the number the bytes spell.
  const digits: number[] = []
  for (let i = zeros; i < bytes.length; i++) {
    let carry = bytes[i]!
    for (let j = 0; j < digits.length; j++) {
      carry += digits[j]! << 8
      digits[j] = carry % 58
      carry = (carry / 58) | 0
    }
    while (carry > 0) {
      digits.push(carry % 58)
      carry = (carry / 58) | 0
    }
  }
  return '1'.repeat(zeros) + digits.reverse().map(d => ALPHABET[d]).join('')
}

/**
 * Decodes base58 text, or returns undefined when it holds a character outside the alphabet.
 *
 * @param text - Base58 text.
 */
export function decodeBase58(text: string): Uint8Array | undefined {
  let zeros = 0
  while (zeros < text.length && text[zeros] === '1') zeros++
  const bytes: number[] = []
  for (let i = zeros; i < text.length; i++) {
    let carry = INDEX.get(text[i]!)
    if (carry === undefined) return undefined
    for (let j = 0; j < bytes.length; j++) {
      carry += bytes[j]! * 58
      bytes[j] = carry & 0xff
      carry >>= 8
    }
    while (carry > 0) {
      bytes.push(carry & 0xff)
      carry >>= 8
    }
  }
  const out = new Uint8Array(zeros + bytes.length)
  out.set(bytes.reverse(), zeros)
  return out
}

/**
 * Decodes a base58 public key, or returns undefined unless it is exactly 32 bytes.
 *
 * @param text - A candidate Solana address.
 */
export function decodeSolanaAddress(text: unknown): Uint8Array | undefined {
  if (typeof text !== 'string' || text.length < 32 || text.length > 44) return undefined
  const bytes = decodeBase58(text)
  return bytes?.length === 32 ? bytes : undefined
}

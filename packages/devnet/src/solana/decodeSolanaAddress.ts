import { base58 } from '@scure/base'

/**
 * Decodes a Solana address (a base58 public key), or returns undefined unless it is base58 text
 * of 32 to 44 characters that decodes to exactly 32 bytes. @scure/base does the decoding; this
 * turns its throw into undefined for the RPC's parameter checks.
 *
 * @param text - A candidate address, of any type (RPC parameters are unchecked JSON).
 */
export function decodeSolanaAddress(text: unknown): Uint8Array | undefined {
  if (typeof text !== 'string' || text.length < 32 || text.length > 44) return undefined
  try {
    const bytes = base58.decode(text)
    return bytes.length === 32 ? bytes : undefined
  } catch {
    return undefined
  }
}

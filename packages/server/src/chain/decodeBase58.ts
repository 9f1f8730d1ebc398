import { base58 } from '@scure/base'

/**
 * Decodes base58 text (Bitcoin alphabet: Solana addresses and signatures), or returns undefined
 * when it is not base58. @scure/base (audited, no dependencies) does the work; this only turns
 * its throw into undefined for the callers' checks.
 *
 * @param text - Base58 text.
 */
export function decodeBase58(text: string): Uint8Array | undefined {
  try {
    return base58.decode(text)
  } catch {
    return undefined
  }
}

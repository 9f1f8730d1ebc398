import { CompactSize } from '@scure/btc-signer'
import { concatBytes, hash256, utf8ToBytes } from './bitcoinHashes.js'

const compactSize = (n: number): Uint8Array => CompactSize.encode(BigInt(n))

const MAGIC = utf8ToBytes('Bitcoin Signed Message:\n')

/**
 * The hash that legacy ("Bitcoin Signed Message", BIP-137) ECDSA message signatures sign:
 * `HASH256(varint(24) || "Bitcoin Signed Message:\n" || varint(len) || message)`, the message as UTF-8.
 * The magic prefix keeps a signed message from ever being a valid transaction hash.
 *
 * @param message - The message text.
 */
export function bitcoinMessageHash(message: string): Uint8Array {
  const bytes = utf8ToBytes(message)
  return hash256(concatBytes(compactSize(MAGIC.length), MAGIC, compactSize(bytes.length), bytes))
}

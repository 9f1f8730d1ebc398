import { ed25519 } from '@noble/curves/ed25519'

// The Solana wire format, read just far enough to find where a signer's signature goes:
//   compact-u16 signature count, 64-byte signatures, then the message:
//   [0x80 | version] (v0 only), header (3 bytes), compact-u16 key count, 32-byte keys, ...
// The first `numRequiredSignatures` keys are the signers, in signature order. Reading it here
// keeps @solana/web3.js (about 77 KB gzip) out of the browser wallet.

/** Thrown when the bytes are not a transaction this wallet can sign. */
export class WireTransactionError extends Error {
  /** JSON-RPC invalid params: the request itself is wrong. */
  readonly code = -32602
}

function readCompactU16(bytes: Uint8Array, offset: number): [value: number, size: number] {
  let value = 0
  for (let size = 0; size < 3; size++) {
    const byte = bytes[offset + size]
    if (byte === undefined) throw new WireTransactionError('Invalid transaction: truncated length')
    value |= (byte & 0x7f) << (7 * size)
    if ((byte & 0x80) === 0) return [value, size + 1]
  }
  throw new WireTransactionError('Invalid transaction: length too long')
}

/**
 * Signs a serialized transaction (legacy or v0) as one of its signers and returns the new wire
 * bytes; the other signatures are kept as they are.
 *
 * @param wire - The serialized transaction (signatures may be zero-filled).
 * @param seed - The signer's 32-byte ed25519 seed.
 * @param publicKey - The signer's public key (derived from `seed` by the caller, once).
 * @throws WireTransactionError when the bytes are malformed or `publicKey` is not a signer.
 */
export function signWireTransaction(wire: Uint8Array, seed: Uint8Array, publicKey: Uint8Array): Uint8Array {
  const [signatureCount, countSize] = readCompactU16(wire, 0)
  const messageStart = countSize + 64 * signatureCount
  let offset = messageStart
  const first = wire[offset]
  if (first === undefined) throw new WireTransactionError('Invalid transaction: no message')
  if (first & 0x80) {
    if ((first & 0x7f) !== 0) throw new WireTransactionError(`Unsupported transaction version ${first & 0x7f}`)
    offset++
  }
  const numRequiredSignatures = wire[offset]
  if (numRequiredSignatures === undefined || numRequiredSignatures !== signatureCount) {
    throw new WireTransactionError('Invalid transaction: the signature count does not match the message header')
  }
  const [keyCount, keyCountSize] = readCompactU16(wire, offset + 3)
  const keysStart = offset + 3 + keyCountSize
  if (wire.length < keysStart + 32 * keyCount) throw new WireTransactionError('Invalid transaction: truncated account keys')
  let index = -1
  for (let i = 0; i < Math.min(numRequiredSignatures, keyCount); i++) {
    const key = wire.subarray(keysStart + 32 * i, keysStart + 32 * (i + 1))
    if (key.every((byte, j) => byte === publicKey[j])) {
      index = i
      break
    }
  }
  if (index < 0) throw new WireTransactionError('The transaction does not ask this account to sign')
  const signature = ed25519.sign(wire.subarray(messageStart), seed)
  const signed = Uint8Array.from(wire)
  signed.set(signature, countSize + 64 * index)
  return signed
}

/**
 * The transaction id of a wire transaction: its first signature.
 *
 * @param wire - A serialized transaction.
 */
export function firstSignature(wire: Uint8Array): Uint8Array {
  const [, countSize] = readCompactU16(wire, 0)
  return wire.slice(countSize, countSize + 64)
}

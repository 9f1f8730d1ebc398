// BIP-322 "simple" message signing: the signature is the witness of a virtual transaction
// ("to_sign") spending a virtual output ("to_spend") that commits to the message and pays to the
// signing address. Signer and verifier share these constructions; the keys, signature checks and
// address handling stay separate. Only single-key P2WPKH and key-path P2TR are covered.
import { compactSize, concatBytes, hash256, sha256, taggedHash, uint32LE, uint64LE, utf8ToBytes, withLength } from './bitcoinHashes.js'

/** SIGHASH_ALL, the only sighash type BIP-322 "simple" signatures use (besides taproot's DEFAULT). */
export const SIGHASH_ALL = 0x01
/** Taproot's SIGHASH_DEFAULT: like ALL, but the 64-byte signature carries no type byte. */
export const SIGHASH_DEFAULT = 0x00

const ZERO_TXID = new Uint8Array(32)
const OP_RETURN_SCRIPT = Uint8Array.of(0x6a)

/**
 * The BIP-322 message hash: the BIP-340 tagged hash 'BIP0322-signed-message' of the UTF-8 message.
 *
 * @param message - The message text.
 */
export function bip322MessageHash(message: string): Uint8Array {
  return taggedHash('BIP0322-signed-message', utf8ToBytes(message))
}

/**
 * The txid (internal byte order, as used in outpoints) of BIP-322's virtual "to_spend" transaction:
 * version 0, one input spending output 0xFFFFFFFF of the all-zero txid with scriptSig
 * `OP_0 PUSH32 message_hash`, one zero-value output paying to `scriptPubKey`, lock time 0.
 *
 * @param scriptPubKey - Output script of the signing address.
 * @param messageHash - {@link bip322MessageHash} of the message.
 */
export function bip322ToSpendTxid(scriptPubKey: Uint8Array, messageHash: Uint8Array): Uint8Array {
  const scriptSig = concatBytes(Uint8Array.of(0x00, 0x20), messageHash)
  return hash256(
    concatBytes(
      uint32LE(0), // version
      compactSize(1),
      ZERO_TXID,
      uint32LE(0xffffffff),
      withLength(scriptSig),
      uint32LE(0), // sequence
      compactSize(1),
      uint64LE(0n),
      withLength(scriptPubKey),
      uint32LE(0) // lock time
    )
  )
}

/**
 * The BIP-143 (segwit v0) signature hash of BIP-322's "to_sign" input for a P2WPKH address:
 * "to_sign" has version 0, one input spending output 0 of "to_spend" with sequence 0, one
 * zero-value OP_RETURN output, lock time 0; the spent amount is 0.
 *
 * @param keyHash - The address's 20-byte witness program (HASH160 of the public key).
 * @param scriptPubKey - The address's output script (`OP_0 PUSH20 keyHash`).
 * @param messageHash - {@link bip322MessageHash} of the message.
 */
export function bip322P2wpkhSighash(keyHash: Uint8Array, scriptPubKey: Uint8Array, messageHash: Uint8Array): Uint8Array {
  const outpoint = concatBytes(bip322ToSpendTxid(scriptPubKey, messageHash), uint32LE(0))
  // P2WPKH signs with the P2PKH script as its scriptCode.
  const scriptCode = concatBytes(Uint8Array.of(0x76, 0xa9, 0x14), keyHash, Uint8Array.of(0x88, 0xac))
  const output = concatBytes(uint64LE(0n), withLength(OP_RETURN_SCRIPT))
  return hash256(
    concatBytes(
      uint32LE(0), // version
      hash256(outpoint), // hashPrevouts
      hash256(uint32LE(0)), // hashSequence
      outpoint,
      withLength(scriptCode),
      uint64LE(0n), // amount spent
      uint32LE(0), // sequence
      hash256(output), // hashOutputs
      uint32LE(0), // lock time
      uint32LE(SIGHASH_ALL)
    )
  )
}

/**
 * The BIP-341 (taproot key path) signature hash of BIP-322's "to_sign" input for a P2TR address.
 *
 * @param scriptPubKey - The address's output script (`OP_1 PUSH32 outputKey`).
 * @param messageHash - {@link bip322MessageHash} of the message.
 * @param hashType - {@link SIGHASH_DEFAULT} (64-byte signature) or {@link SIGHASH_ALL} (65-byte).
 */
export function bip322P2trSighash(scriptPubKey: Uint8Array, messageHash: Uint8Array, hashType: number): Uint8Array {
  if (hashType !== SIGHASH_DEFAULT && hashType !== SIGHASH_ALL) throw new Error(`unsupported taproot sighash type ${hashType}`)
  const outpoint = concatBytes(bip322ToSpendTxid(scriptPubKey, messageHash), uint32LE(0))
  const output = concatBytes(uint64LE(0n), withLength(OP_RETURN_SCRIPT))
  return taggedHash(
    'TapSighash',
    Uint8Array.of(0x00, hashType), // epoch, hash type
    uint32LE(0), // version
    uint32LE(0), // lock time
    sha256(outpoint), // sha_prevouts
    sha256(uint64LE(0n)), // sha_amounts
    sha256(withLength(scriptPubKey)), // sha_scriptpubkeys
    sha256(uint32LE(0)), // sha_sequences
    sha256(output), // sha_outputs
    Uint8Array.of(0x00), // spend type: key path, no annex
    uint32LE(0) // input index
  )
}

/**
 * Serializes a witness stack the way BIP-322 "simple" signatures carry it (before base64):
 * item count, then each item with its length.
 *
 * @param items - Witness items, e.g. `[signature, publicKey]`.
 */
export function encodeWitness(items: readonly Uint8Array[]): Uint8Array {
  return concatBytes(compactSize(items.length), ...items.map(withLength))
}

/**
 * Parses a serialized witness stack; `undefined` when the bytes are not exactly one stack.
 *
 * @param bytes - Output of {@link encodeWitness}.
 */
export function decodeWitness(bytes: Uint8Array): Uint8Array[] | undefined {
  let at = 0
  const readSize = (): number | undefined => {
    const first = bytes[at]
    if (first === undefined) return undefined
    at += 1
    if (first < 0xfd) return first
    const width = first === 0xfd ? 2 : first === 0xfe ? 4 : 8
    if (at + width > bytes.length) return undefined
    let n = 0
    for (let i = width - 1; i >= 0; i--) n = n * 256 + bytes[at + i]!
    at += width
    return Number.isSafeInteger(n) ? n : undefined
  }
  const count = readSize()
  if (count === undefined || count > bytes.length) return undefined
  const items: Uint8Array[] = []
  for (let i = 0; i < count; i++) {
    const length = readSize()
    if (length === undefined || at + length > bytes.length) return undefined
    items.push(bytes.slice(at, at + length))
    at += length
  }
  return at === bytes.length ? items : undefined
}

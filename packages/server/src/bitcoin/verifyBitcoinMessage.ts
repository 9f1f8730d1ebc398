// Checks a message signature against an address from the outside, like a site or its server
// would: it starts from the address string and the signature alone, rebuilds what the address
// commits to, and never touches the wallet's keys or signing code.
import { schnorr, secp256k1 } from '@noble/curves/secp256k1'
import { base64 } from '@scure/base'
import { addressMatchesNetwork, decodeBitcoinAddress, type DecodedBitcoinAddress } from './bitcoinAddress.js'
import { bip322MessageHash, bip322P2trSighash, bip322P2wpkhSighash, decodeWitness, SIGHASH_ALL, SIGHASH_DEFAULT } from './bip322.js'
import { bitcoinMessageHash } from './bitcoinMessageHash.js'
import { concatBytes, equalBytes, hash160 } from './bitcoinHashes.js'
import type { BitcoinNetwork } from './bitcoinNetworks.js'

/** Input of {@link verifyBitcoinMessage}. */
export interface VerifyBitcoinMessageOptions {
  /** The address that supposedly signed. */
  address: string
  /** The message text (as signed, UTF-8). */
  message: string
  /** Base64 signature: BIP-137 (65 bytes) or BIP-322 "simple" (a serialized witness). */
  signature: string
  /** When given, the address must belong to this network (bcrt1 for Regtest, ...). */
  network?: BitcoinNetwork
}

/**
 * Verifies a Bitcoin message signature. Works in Node and in browsers (pure JS).
 *
 * - 65 bytes with a header byte 27-42: legacy / BIP-137 ECDSA. The public key is recovered from
 *   the signature over the "Bitcoin Signed Message" hash, and its HASH160 must equal what the
 *   address commits to: P2PKH (uncompressed for headers 27-30, compressed otherwise),
 *   P2SH-P2WPKH or P2WPKH. Like most verifiers, the header's address-type hint is not enforced
 *   between the compressed forms (Electrum signs segwit addresses with 31-34).
 * - Anything else: BIP-322 "simple", a witness for the virtual "to_sign" transaction. Supported
 *   for P2WPKH (`[DER sig + SIGHASH_ALL, pubkey]`) and key-path P2TR (64-byte Schnorr signature
 *   with SIGHASH_DEFAULT, or 65 bytes ending in SIGHASH_ALL). Low-S is required for ECDSA.
 *
 * @param options - See {@link VerifyBitcoinMessageOptions}.
 * @returns Whether the signature is valid for the address and message; false for malformed input
 *   and for address types or protocols it does not cover (P2WSH, P2SH and P2PKH under BIP-322).
 */
export function verifyBitcoinMessage(options: VerifyBitcoinMessageOptions): boolean {
  const { address, message, signature, network } = options
  if (typeof message !== 'string' || typeof signature !== 'string') return false
  const decoded = decodeBitcoinAddress(address)
  if (!decoded) return false
  if (network !== undefined && !addressMatchesNetwork(decoded, network)) return false
  let bytes: Uint8Array
  try {
    bytes = base64.decode(signature)
  } catch {
    return false
  }
  try {
    const header = bytes[0]
    if (bytes.length === 65 && header !== undefined && header >= 27 && header <= 42) {
      return verifyBip137(decoded, message, header, bytes.slice(1))
    }
    return verifyBip322Simple(decoded, message, bytes)
  } catch {
    // Malformed signatures make @noble/curves throw (bad DER, point not on the curve, ...).
    return false
  }
}

function verifyBip137(address: DecodedBitcoinAddress, message: string, header: number, compact: Uint8Array): boolean {
  const recovery = (header - 27) & 3
  const compressed = header >= 31
  const point = secp256k1.Signature.fromCompact(compact).addRecoveryBit(recovery).recoverPublicKey(bitcoinMessageHash(message))
  const keyHash = hash160(point.toRawBytes(compressed))
  switch (address.type) {
    case 'p2pkh':
      return equalBytes(keyHash, address.program)
    case 'p2wpkh':
      return compressed && equalBytes(keyHash, address.program)
    case 'p2sh':
      // P2SH-P2WPKH: the script hash of `OP_0 PUSH20 keyHash`.
      return compressed && equalBytes(hash160(concatBytes(Uint8Array.of(0x00, 0x14), keyHash)), address.program)
    default:
      return false
  }
}

function verifyBip322Simple(address: DecodedBitcoinAddress, message: string, bytes: Uint8Array): boolean {
  const witness = decodeWitness(bytes)
  if (!witness) return false
  const messageHash = bip322MessageHash(message)
  if (address.type === 'p2wpkh') {
    const [sigWithType, publicKey] = witness
    if (witness.length !== 2 || !sigWithType || !publicKey) return false
    if (publicKey.length !== 33 || !equalBytes(hash160(publicKey), address.program)) return false
    if (sigWithType[sigWithType.length - 1] !== SIGHASH_ALL) return false
    const signature = secp256k1.Signature.fromDER(sigWithType.slice(0, -1))
    const sighash = bip322P2wpkhSighash(address.program, address.scriptPubKey, messageHash)
    return secp256k1.verify(signature, sighash, publicKey, { lowS: true })
  }
  if (address.type === 'p2tr') {
    const [sig] = witness
    if (witness.length !== 1 || !sig) return false
    let hashType: number
    if (sig.length === 64) hashType = SIGHASH_DEFAULT
    else if (sig.length === 65 && sig[64] === SIGHASH_ALL) hashType = SIGHASH_ALL
    else return false
    const sighash = bip322P2trSighash(address.scriptPubKey, messageHash, hashType)
    return schnorr.verify(sig.slice(0, 64), sighash, address.program)
  }
  return false
}
